// A snapshot stored before an erasure holds the erased values: within a
// second of applying an erasure, every instance checks which sequence the
// stored snapshot covers and, when it is older, writes one that is not
// (issue 29: not at the next periodic write, which may be off altogether).
// An instance that wrote an older one meanwhile writes again once it
// applies the erasure itself, so the last snapshot stored covers it.
import type { Bus } from '../bus/types'
import { log } from '../log'
import { readSnapshotSeq } from './index-snapshot'
import { SNAPSHOT_BUCKET, SNAPSHOT_NAME } from './index-snapshot-store'
import { writeIndexSnapshot } from './index-snapshot-writer'
import type { RecordIndex } from './record-index'

const CHECK_EVERY_MS = 500

export function startSnapshotErasure({ bus, index }: { bus: Bus; index: RecordIndex }): { close(): void } {
  let covered = 0
  let running = false

  async function cover(goal: number): Promise<void> {
    const objects = await bus.objects(SNAPSHOT_BUCKET)
    const stored = await objects.get(SNAPSHOT_NAME)
    const seq = stored === null ? null : await readSnapshotSeq(stored)
    // Nothing stored is nothing to scrub; one this version cannot read is replaced all the same.
    if (stored !== null && (seq === null || seq < goal)) await writeIndexSnapshot(bus, index)
    covered = goal
  }

  const timer = setInterval(() => {
    const goal = index.erasedSeq()
    if (running || goal <= covered || !bus.isConnected()) return
    running = true
    cover(goal)
      .catch((error: unknown) =>
        log('warn', 'records', '[svc] [records] writing the index snapshot after an erasure failed; trying again', {
          error: String(error),
        }),
      )
      .finally(() => (running = false))
  }, CHECK_EVERY_MS)
  timer.unref()
  return { close: () => clearInterval(timer) }
}
