// The writing instance's own projection check (projection-repair.ts), on a
// real nats-server: a check reads the record's KV projection, so a check that
// ran shows as a read. A version the writer vouched for (settled) is not
// checked, whether its word came before or after the index applied it; a
// version nobody vouched for is, even beside one that was.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { createProjectionRepair } from '../../server/records/projection-repair'
import { ensureRecordStreams } from '../../server/records/streams'
import { RECORDS_KV } from '../../server/records/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { sleep, waitFor } from '../bus/wait'
import { countingReads } from './counting-reads'
import { freshNames } from './site'
import { useInstances } from './world'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

const DELAY_MS = 100
const { onCleanup } = useInstances()

/**
 * A repair on its own bus, for records of a fresh bucket: `apply` is the index applying a version (what it knows
 * of the record, then the check it schedules), `settle` the writer's word, `reads` the checks run so far.
 */
async function repairOn(): Promise<{
  apply: (id: string, seq: number) => void
  settle: (id: string, seq: number) => void
  reads: () => number
  /** Waits for `count` checks, then a while longer to see that no more come. */
  checked: (count: number) => Promise<void>
}> {
  const real = await createNatsBus({ url: server.url })
  onCleanup(() => real.close())
  // A check of a record the stream does not hold finds nothing to repair, and does not try again.
  await ensureRecordStreams(real)
  // Made before any check, so a check's read is not held up by the bucket being made.
  await real.kv(RECORDS_KV)
  const counting = countingReads(real)
  const applied = new Map<string, number>()
  const repair = createProjectionRepair({
    bus: counting.bus,
    delayMs: DELAY_MS,
    currentSeq: (_, id) => applied.get(id),
  })
  onCleanup(() => repair.close())
  const { cases } = freshNames()
  const reads = () => counting.reads(cases)
  return {
    apply(id, seq) {
      applied.set(id, seq)
      repair.schedule(cases, id, seq)
    },
    settle: (id, seq) => repair.settled(cases, id, seq),
    reads,
    async checked(count) {
      await waitFor(() => reads() === count, 5000, `${count} check(s)`)
      await sleep(DELAY_MS * 3)
      expect(reads()).toBe(count)
    },
  }
}

it('a version its writer settled is not checked, whether the word comes after the index applied it or before', async () => {
  const { apply, settle, reads } = await repairOn()
  apply('after', 4)
  settle('after', 4)
  settle('before', 7)
  apply('before', 7)
  await sleep(DELAY_MS * 4)
  expect(reads()).toBe(0)
})

it('a version nobody vouched for is checked, though the writer settled a later one of the same record', async () => {
  const { apply, settle, checked } = await repairOn()
  // Another instance's event at 2, then this writer's at 3, settled before the index applied either.
  settle('mixed', 3)
  apply('mixed', 2)
  apply('mixed', 3)
  // And settled after: another's event at 5 and the writer's at 6.
  apply('late', 5)
  apply('late', 6)
  settle('late', 6)
  await checked(2)
})

it('a version whose writer never says so is checked', async () => {
  const { apply, checked } = await repairOn()
  apply('failed', 9)
  await checked(1)
})

it('a record whose versions keep coming faster than the delay is checked while they come', async () => {
  const { apply, reads } = await repairOn()
  // A version every quarter delay, for up to fifteen delays: each would put the check off again, and it would
  // never run while they come.
  for (let seq = 1; seq <= 60 && reads() === 0; seq++) {
    apply('busy', seq)
    await sleep(DELAY_MS / 4)
  }
  expect(reads()).toBeGreaterThan(0)
})
