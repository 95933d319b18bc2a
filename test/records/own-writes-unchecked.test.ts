// A filing's round trips to the bus (docs/performance.md): the append, then
// the KV projection and its effects after the answer. The index's check that
// the projection caught up (projection-repair.ts) is for a writer that
// crashed between the two; it used to read every filing's projection back a
// few seconds later. The instance whose writer stored it all reads nothing
// back; an event nobody projected is still found and repaired.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus, BusKv } from '../../server/bus/types'
import { decodeJson } from '../../server/bus/payload'
import { createRecordEffects } from '../../server/effects/record-effects'
import { ensureMailStream } from '../../server/mail/mail-stream'
import { createMemberships } from '../../server/people/memberships'
import { createEffectsCatchUp } from '../../server/records/effects-catch-up'
import { createRecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import {
  RECORDS_KV,
  RECORDS_STREAM,
  recordSubject,
  type Projection,
  type RecordEvent,
} from '../../server/records/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { waitFor } from '../bus/wait'
import { freshNames, recordsSite } from './site'
import { publicUrl, start, useInstances } from './world'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

const desk = { kind: 'person', subject: 'desk-sub' } as const

/** `bus`, counting the reads of the records' KV projections. */
function countingReads(bus: Bus): { bus: Bus; reads: () => number } {
  let reads = 0
  const counted = (kv: BusKv): BusKv =>
    new Proxy(kv, {
      get: (target, name, receiver) =>
        name === 'get'
          ? (...args: Parameters<BusKv['get']>) => (reads++, target.get(...args))
          : (Reflect.get(target, name, receiver) as unknown),
    })
  const wrapped = new Proxy(bus, {
    get: (target, name, receiver) =>
      name === 'kv'
        ? async (...args: Parameters<Bus['kv']>) => {
            const kv = await target.kv(...args)
            return args[0] === RECORDS_KV ? counted(kv) : kv
          }
        : (Reflect.get(target, name, receiver) as unknown),
  })
  return { bus: wrapped, reads: () => reads }
}

describe('the projection check after a filing', () => {
  const { onCleanup } = useInstances()

  it('A filing stored with its projection reads nothing back later; an event nobody projected is repaired', async () => {
    const real = await createNatsBus({ url: server.url })
    onCleanup(() => real.close())
    const { bus, reads } = countingReads(real)
    const names = freshNames()
    const site = () => recordsSite(names)
    const effects = createRecordEffects({ bus, grants: createMemberships(bus), publicUrl, lookup: () => null })
    // A second after each event: the writer has long stored the projection and its effects by then.
    const index = createRecordIndex(bus, { repairDelayMs: 1000, catchUp: createEffectsCatchUp({ site, effects }) })
    onCleanup(() => index.close())
    await index.ready
    await ensureMailStream(bus)
    const records = createRecords({ bus, site, index, effects, now: () => start })
    const filed = await Promise.all(
      ['Mill Lane 1', 'Mill Lane 2', 'Mill Lane 3'].map((street) =>
        records.file({ bucket: names.cases, storyline: 'plain', fields: { street }, submitter: 'ann', actor: desk }),
      ),
    )
    const kv = await real.kv(RECORDS_KV)
    const stored = async (id: string) => {
      const entry = await kv.get(`${names.cases}.${id}`)
      return entry === null ? 0 : decodeJson<Projection>(entry.value).record.seq
    }
    for (const record of filed) await waitFor(async () => (await stored(record.id)) === record.seq, 5000)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(reads()).toBe(0)

    // A writer that crashed between its append and its projection: this instance's check finds it.
    const [first] = filed
    if (first === undefined) throw new Error('nothing filed')
    const event: RecordEvent = {
      v: 1,
      type: 'moved',
      record: first.id,
      bucket: names.cases,
      storyline: 'plain',
      actor: desk,
      time: start.toISOString(),
      from: 'new',
      to: 'accepted',
      edge: 'accept',
      via: 'desk',
    }
    const { seq } = await real.append(RECORDS_STREAM, recordSubject(names.cases, first.id), event, {
      expectLastSubjectSequence: first.seq,
    })
    await waitFor(async () => (await stored(first.id)) === seq, 5000, 'the repaired projection')
    expect(reads()).toBeGreaterThan(0)
  })
})
