// How big the bus is: every JetStream stream's stored messages and bytes (a
// KV bucket is the stream KV_<bucket>), read through the JetStream API on a
// connection of its own, and what grew between two readings.
import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'

export interface StreamSize {
  readonly messages: number
  readonly bytes: number
}

export type BusSize = ReadonlyMap<string, StreamSize>

export async function readBusSize(url: string): Promise<BusSize> {
  const nc = await connect({ servers: url })
  try {
    const jsm = await jetstreamManager(nc)
    const sizes = new Map<string, StreamSize>()
    for await (const info of jsm.streams.list()) {
      sizes.set(info.config.name, { messages: info.state.messages, bytes: info.state.bytes })
    }
    return sizes
  } finally {
    await nc.close()
  }
}

/**
 * The size once writes have stopped: the side effects of an acknowledged
 * filing (its projection, its mail) land just after the answer, so the size
 * is read until two readings 500 ms apart agree, for 10 s at most.
 */
export async function readSettledBusSize(url: string): Promise<BusSize> {
  const until = performance.now() + 10_000
  let last = await readBusSize(url)
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    const now = await readBusSize(url)
    if (sameSize(last, now) || performance.now() > until) return now
    last = now
  }
}

/** Each stream's growth from `before` to `after`, by name, streams new since then included. */
export function busGrowth(before: BusSize, after: BusSize): Map<string, StreamSize> {
  const growth = new Map<string, StreamSize>()
  for (const [name, size] of after) {
    const was = before.get(name) ?? { messages: 0, bytes: 0 }
    growth.set(name, { messages: size.messages - was.messages, bytes: size.bytes - was.bytes })
  }
  return growth
}

function sameSize(a: BusSize, b: BusSize): boolean {
  return (
    a.size === b.size &&
    [...a].every(([name, size]) => {
      const other = b.get(name)
      return other?.messages === size.messages && other.bytes === size.bytes
    })
  )
}
