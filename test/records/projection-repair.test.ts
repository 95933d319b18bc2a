// The writing instance's own projection check (projection-repair.ts), on a
// real nats-server: a check reads the record's KV projection, so a check that
// ran shows as a read. A version the writer vouched for (settled) is not
// checked, whether its word came before or after the index applied it; a
// version nobody vouched for is, even beside one that was.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { createProjectionRepair, type ProjectionRepair } from '../../server/records/projection-repair'
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

/** A repair on its own bus; `applied` stands for what the index has applied of each record. */
async function repairOn(): Promise<{
  repair: ProjectionRepair
  reads: (bucket: string) => number
  applied: Map<string, number>
}> {
  const real = await createNatsBus({ url: server.url })
  onCleanup(() => real.close())
  // A check of a record the stream does not hold finds nothing to repair, and does not try again.
  await ensureRecordStreams(real)
  // Made before any check, so a check's read is not held up by the bucket being made.
  await real.kv(RECORDS_KV)
  const { bus, reads } = countingReads(real)
  const applied = new Map<string, number>()
  const repair = createProjectionRepair({ bus, delayMs: DELAY_MS, currentSeq: (_, id) => applied.get(id) })
  onCleanup(() => repair.close())
  return { repair, reads, applied }
}

it('a version its writer settled is not checked, whether the word comes after the index applied it or before', async () => {
  const { repair, reads, applied } = await repairOn()
  const { cases } = freshNames()
  applied.set('after', 4)
  repair.schedule(cases, 'after', 4)
  repair.settled(cases, 'after', 4)
  repair.settled(cases, 'before', 7)
  applied.set('before', 7)
  repair.schedule(cases, 'before', 7)
  await sleep(DELAY_MS * 4)
  expect(reads(cases)).toBe(0)
})

it('a version nobody vouched for is checked, though the writer settled a later one of the same record', async () => {
  const { repair, reads, applied } = await repairOn()
  const { cases } = freshNames()
  // Another instance's event at 2, then this writer's at 3, settled before the index applied either.
  repair.settled(cases, 'mixed', 3)
  applied.set('mixed', 2)
  repair.schedule(cases, 'mixed', 2)
  applied.set('mixed', 3)
  repair.schedule(cases, 'mixed', 3)
  // And settled after: another's event at 5 and the writer's at 6.
  applied.set('late', 5)
  repair.schedule(cases, 'late', 5)
  applied.set('late', 6)
  repair.schedule(cases, 'late', 6)
  repair.settled(cases, 'late', 6)
  await waitFor(() => reads(cases) === 2, 5000, 'both checks')
  await sleep(DELAY_MS * 3)
  expect(reads(cases)).toBe(2)
})

it('a version whose writer never says so is checked', async () => {
  const { repair, reads, applied } = await repairOn()
  const { cases } = freshNames()
  applied.set('failed', 9)
  repair.schedule(cases, 'failed', 9)
  await waitFor(() => reads(cases) === 1, 5000, 'the check')
  await sleep(DELAY_MS * 3)
  expect(reads(cases)).toBe(1)
})

it('a record whose versions keep coming faster than the delay is checked while they come', async () => {
  const { repair, reads, applied } = await repairOn()
  const { cases } = freshNames()
  // A version every quarter delay, for up to fifteen delays: each would put the check off again, and it would
  // never run while they come.
  for (let seq = 1; seq <= 60 && reads(cases) === 0; seq++) {
    applied.set('busy', seq)
    repair.schedule(cases, 'busy', seq)
    await sleep(DELAY_MS / 4)
  }
  expect(reads(cases)).toBeGreaterThan(0)
})
