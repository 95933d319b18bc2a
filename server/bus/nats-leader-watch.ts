// A stream's new leader, heard as it is elected. A follow whose consumer lived
// on a lost node otherwise learns of it only when two idle heartbeats are
// missed, seconds later, while pages on this instance stay behind another's.
import type { NatsConnection } from '@nats-io/transport-node'
import { log } from '../log'

const LEADER_ELECTED = '$JS.EVENT.ADVISORY.STREAM.LEADER_ELECTED'

export type OnLeaderElected = (stream: string, handler: () => void) => () => void

export function watchLeaders(nc: NatsConnection): OnLeaderElected {
  const handlers = new Map<string, Set<() => void>>()
  // A user not allowed to hear advisories still follows: heartbeats remain.
  nc.subscribe(`${LEADER_ELECTED}.*`, {
    callback: (error, message) => {
      if (error !== null) {
        log('warn', 'bus', '[svc] [bus] stream leader advisories are not heard; follows notice a lost node later', {
          error: error.message,
        })
        return
      }
      const stream = message.subject.slice(LEADER_ELECTED.length + 1)
      for (const handler of handlers.get(stream) ?? []) handler()
    },
  })
  return (stream, handler) => {
    const set = handlers.get(stream) ?? new Set()
    handlers.set(stream, set.add(handler))
    return () => set.delete(handler)
  }
}
