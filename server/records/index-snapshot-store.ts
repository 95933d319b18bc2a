// Where the record index snapshot lives on the bus, and loading it at start
// with its one log line either way.
import type { Bus } from '../bus/types'
import { log } from '../log'
import { readIndexSnapshot, SnapshotProblem } from './index-snapshot'
import type { RecordView } from './types'

/** Object bucket holding the snapshot, under SNAPSHOT_NAME. */
export const SNAPSHOT_BUCKET = 'svc_index_snapshots'
export const SNAPSHOT_NAME = 'records'

/**
 * Feeds the stored snapshot to `onView` and answers the stream sequence it
 * covers, or 0 for a full replay (nothing stored, or a snapshot that cannot
 * be used; views handed over before a problem showed must be discarded).
 */
export async function loadIndexSnapshot(
  bus: Bus,
  lastSeq: number,
  onView: (view: RecordView) => void,
): Promise<number> {
  const started = performance.now()
  const fullReplay = (reason: string, level: 'info' | 'warn' = 'warn') => {
    log(level, 'records', '[svc] [records] the record index starts from a full replay of the stream', { reason })
    return 0
  }
  let bytes: Uint8Array | null
  try {
    bytes = await (await bus.objects(SNAPSHOT_BUCKET)).get(SNAPSHOT_NAME)
  } catch (error) {
    return fullReplay(`the snapshot cannot be read: ${String(error)}`)
  }
  if (bytes === null) return fullReplay('no snapshot stored', 'info')
  let records = 0
  let seq: number
  try {
    seq = await readIndexSnapshot(bytes, (view) => {
      records++
      onView(view)
    })
  } catch (error) {
    if (error instanceof SnapshotProblem) return fullReplay(`the snapshot is unusable: ${error.message}`)
    throw error
  }
  // A stream emptied or made anew since is another stream: its events are not these.
  if (seq > lastSeq) return fullReplay(`the snapshot covers sequence ${seq}, the stream ends at ${lastSeq}`)
  log('info', 'records', 'loaded the record index snapshot', {
    seq,
    records,
    ms: Math.round(performance.now() - started),
  })
  return seq
}
