// Writes the record index snapshot every so often, from one instance at a
// time: the holder of a lease in KV, taken with create or update at the
// revision read, so two instances cannot both take it. Serializing a million
// records costs the writer a few seconds of CPU; with a lease those are spent
// once per period, not once per instance. The holder renews it on every
// tick; when it stops, another takes over once the lease has run out.
import { createKvLease } from '../bus/kv-lease'
import type { Bus, BusKv } from '../bus/types'
import { log } from '../log'
import { serializeIndex } from './index-snapshot'
import { SNAPSHOT_BUCKET, SNAPSHOT_NAME } from './index-snapshot-store'
import type { RecordIndex } from './record-index'

/** KV bucket of the writer's lease, key `writer`: `{ instance, until }` (ms since the epoch). */
export const SNAPSHOT_LEASE_KV = 'svc_index_snapshot_lease'
const LEASE_KEY = 'writer'

export interface SnapshotWriterOptions {
  readonly bus: Bus
  readonly index: RecordIndex
  readonly everyMs: number
}

/** Stores the index as it stands now; answers the sequence it covers. */
export async function writeIndexSnapshot(bus: Bus, index: RecordIndex): Promise<number> {
  const started = performance.now()
  let { seq, tables } = index.contents()
  let bytes = await serializeIndex(seq, tables)
  // An erasure applied while it was written overwrote texts the snapshot shares with the index, maybe after
  // they were written out: taken again, the snapshot holds none of the erased values.
  while (index.erasedSeq() > seq) {
    ;({ seq, tables } = index.contents())
    bytes = await serializeIndex(seq, tables)
  }
  await (await bus.objects(SNAPSHOT_BUCKET)).put(SNAPSHOT_NAME, bytes)
  log('info', 'records', 'wrote the record index snapshot', {
    seq,
    bytes: bytes.byteLength,
    ms: Math.round(performance.now() - started),
  })
  return seq
}

export function startSnapshotWriter({ bus, index, everyMs }: SnapshotWriterOptions): { close(): void } {
  let written = 0
  let running = false
  let failing = false

  // Opened once: on NATS every opening is a round trip. One missed tick does not hand the work over.
  let leases: Promise<BusKv> | null = null
  const lease = createKvLease(
    () =>
      (leases ??= bus.kv(SNAPSHOT_LEASE_KV).catch((error: unknown) => {
        leases = null
        throw error
      })),
    LEASE_KEY,
    2.5 * everyMs,
  )

  async function tick(): Promise<void> {
    if (index.status() !== 'current' || !bus.isConnected()) return
    if (!(await lease.hold())) return
    // Nothing new since the last snapshot: no copy of every record just to find that out.
    if (index.appliedSeq() > written) written = await writeIndexSnapshot(bus, index)
  }

  const timer = setInterval(() => {
    if (running) return
    running = true
    tick()
      .then(() => (failing = false))
      .catch((error: unknown) => {
        if (!failing)
          log('warn', 'records', '[svc] [records] writing the index snapshot failed', { error: String(error) })
        failing = true
      })
      .finally(() => (running = false))
  }, everyMs)
  timer.unref()
  return { close: () => clearInterval(timer) }
}
