// Where the record index snapshot lives on the bus, and loading it at start
// with its one log line either way.
import type { Bus } from '../bus/types'
import { log } from '../log'
import { readIndexSnapshot, SnapshotProblem } from './index-snapshot'
import type { TableImage } from './table-image'

/** Object bucket holding the snapshot, under SNAPSHOT_NAME. */
export const SNAPSHOT_BUCKET = 'svc_index_snapshots'
export const SNAPSHOT_NAME = 'records'

/**
 * The stored snapshot's tables and the stream sequence they cover, or null
 * for a full replay (nothing stored, or a snapshot that cannot be used).
 */
export async function loadIndexSnapshot(
  bus: Bus,
  lastSeq: number,
): Promise<{ seq: number; tables: TableImage[] } | null> {
  const started = performance.now()
  const fullReplay = (reason: string, level: 'info' | 'warn' = 'warn') => {
    log(level, 'records', '[svc] [records] the record index starts from a full replay of the stream', { reason })
    return null
  }
  let bytes: Uint8Array | null
  try {
    bytes = await (await bus.objects(SNAPSHOT_BUCKET)).get(SNAPSHOT_NAME)
  } catch (error) {
    return fullReplay(`the snapshot cannot be read: ${String(error)}`)
  }
  if (bytes === null) return fullReplay('no snapshot stored', 'info')
  let snapshot: { seq: number; tables: TableImage[] }
  try {
    snapshot = await readIndexSnapshot(bytes)
  } catch (error) {
    if (error instanceof SnapshotProblem) return fullReplay(`the snapshot is unusable: ${error.message}`)
    throw error
  }
  const { seq, tables } = snapshot
  // A stream emptied or made anew since is another stream: its events are not these.
  if (seq > lastSeq) return fullReplay(`the snapshot covers sequence ${seq}, the stream ends at ${lastSeq}`)
  log('info', 'records', 'loaded the record index snapshot', {
    seq,
    records: tables.reduce((sum, table) => sum + table.rows, 0),
    ms: Math.round(performance.now() - started),
  })
  return snapshot
}
