// A filing's round trips to the bus (docs/performance.md): the append, then
// the KV projection and its effects after the answer. The index's check that
// the projection caught up (projection-repair.ts) is for a writer that
// crashed between the two, or could not store it; it used to read every
// filing's projection back a few seconds later. The instance whose writer
// stored it all reads nothing back, whether its index applies the event
// before or after the writer has stored it all; an event nobody projected,
// and a filing whose own projection the bus refused, are still found and
// repaired.
import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { createRecordEffects } from '../../server/effects/record-effects'
import { ensureMailStream } from '../../server/mail/mail-stream'
import { createMemberships } from '../../server/people/memberships'
import { createEffectsCatchUp } from '../../server/records/effects-catch-up'
import { createRecordIndex } from '../../server/records/record-index'
import { createProjectionStore } from '../../server/records/projection-store'
import { createRecords } from '../../server/records/records'
import { RECORDS_KV, RECORDS_STREAM, recordSubject } from '../../server/records/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { waitFor } from '../bus/wait'
import { freshNames, recordsSite } from './site'
import { acceptedEvent, publicUrl, start, useInstances } from './world'
import { countingReads } from './counting-reads'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

const desk = { kind: 'person', subject: 'desk-sub' } as const

/** The version of a record's KV projection, 0 for none: read on `bus`, past any counting of reads. */
const storedSeq = async (bus: Bus, bucket: string, id: string) =>
  (await createProjectionStore(bus).read(bucket, id))?.record.seq ?? 0

/** `bus`, its follows handing each message over `ms` late: the writer's answer and side effects come first. */
function lateFollows(bus: Bus, ms: number): Bus {
  const follow: Bus['follow'] = (stream, filter, options, onMessage) =>
    bus.follow(stream, filter, options, async (message) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await onMessage(message)
    })
  return new Proxy(bus, {
    get: (target, name, receiver) => (name === 'follow' ? follow : (Reflect.get(target, name, receiver) as unknown)),
  })
}

describe('the projection check after a filing', () => {
  const { onCleanup } = useInstances()

  /** A records core on `bus` whose index checks each event `repairDelayMs` after it. */
  const instance = async (bus: Bus, repairDelayMs: number) => {
    const names = freshNames()
    const site = () => recordsSite(names)
    const effects = createRecordEffects({ bus, grants: createMemberships(bus), publicUrl, lookup: () => null })
    const index = createRecordIndex(bus, { repairDelayMs, catchUp: createEffectsCatchUp({ site, effects }) })
    onCleanup(() => index.close())
    await index.ready
    await ensureMailStream(bus)
    return { names, records: createRecords({ bus, site, index, effects, now: () => start }) }
  }

  it.each([
    ['as they come', 0],
    ['applied after the writer stored it all', 200],
  ])(
    'A filing stored with its projection reads nothing back later, events %s; an event nobody projected is repaired',
    async (_, lateMs) => {
      const real = await createNatsBus({ url: server.url })
      onCleanup(() => real.close())
      const counting = countingReads(real)
      const { reads } = counting
      const bus = lateMs === 0 ? counting.bus : lateFollows(counting.bus, lateMs)
      // A second after each event: the writer has long stored the projection and its effects by then.
      const { names, records } = await instance(bus, 1000)
      const filed = await Promise.all(
        ['Mill Lane 1', 'Mill Lane 2', 'Mill Lane 3'].map((street) =>
          records.file({ bucket: names.cases, storyline: 'plain', fields: { street }, submitter: 'ann', actor: desk }),
        ),
      )
      const stored = (id: string) => storedSeq(real, names.cases, id)
      for (const record of filed) await waitFor(async () => (await stored(record.id)) === record.seq, 5000)
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(reads(names.cases)).toBe(0)

      // A writer that crashed between its append and its projection: this instance's check finds it.
      const [first] = filed
      if (first === undefined) throw new Error('nothing filed')
      const event = acceptedEvent(names.cases, first.id, desk)
      const { seq } = await real.append(RECORDS_STREAM, recordSubject(names.cases, first.id), event, {
        expectLastSubjectSequence: first.seq,
      })
      await waitFor(async () => (await stored(first.id)) === seq, 5000, 'the repaired projection')
      expect(reads(names.cases)).toBeGreaterThan(0)
    },
  )

  it('An erasure finished again vouches only for its own version: a later one nobody stored is still checked', async () => {
    const real = await createNatsBus({ url: server.url })
    onCleanup(() => real.close())
    const { bus, reads } = countingReads(real)
    const { names, records } = await instance(bus, 700)
    const filed = await records.file({
      bucket: names.cases,
      storyline: 'plain',
      fields: { street: 'Erased Way 1' },
      submitter: 'ann',
      actor: desk,
    })
    const subject = recordSubject(names.cases, filed.id)
    // An erasure whose process stopped after its append: the index's check of that version comes and goes.
    const erased = await real.append(
      RECORDS_STREAM,
      subject,
      {
        v: 1,
        type: 'erased',
        record: filed.id,
        bucket: names.cases,
        storyline: 'plain',
        actor: desk,
        time: start.toISOString(),
        reason: 'request',
        fields: [],
      },
      { expectLastSubjectSequence: filed.seq },
    )
    // Its check done: the projection it stored holds the erasure (read past the counting bus).
    await waitFor(
      async () => (await storedSeq(real, names.cases, filed.id)) === erased.seq,
      5000,
      'the check of the erasure',
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    const before = reads(names.cases)
    // Another instance's move, stored without its projection; then the erasure is asked for again and finished.
    await real.append(RECORDS_STREAM, subject, acceptedEvent(names.cases, filed.id, desk), {
      expectLastSubjectSequence: erased.seq,
    })
    expect(await records.erase({ bucket: names.cases, id: filed.id, actor: desk, reason: 'request' })).toEqual({
      kind: 'already-erased',
    })
    await waitFor(() => reads(names.cases) > before, 5000, 'the check of the move after the erasure')
  })

  it('A filing whose projection the bus refused is repaired by its own instance once the bus takes it', async () => {
    const real = await createNatsBus({ url: server.url })
    onCleanup(() => real.close())
    const bus = lateFollows(real, 50)
    const { names, records } = await instance(bus, 500)
    // The projections' bucket takes nothing over 16 bytes for now.
    await bus.kv(RECORDS_KV)
    const nc = await connect({ servers: server.url })
    onCleanup(() => nc.close())
    const jsm = await jetstreamManager(nc)
    const config = (await jsm.streams.info(`KV_${RECORDS_KV}`)).config
    await jsm.streams.update(`KV_${RECORDS_KV}`, { ...config, max_msg_size: 16 })
    const logged: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((line) => (logged.push(String(line)), true))
    onCleanup(() => {
      vi.restoreAllMocks()
    })

    const filed = await records.file({
      bucket: names.cases,
      storyline: 'plain',
      fields: { street: 'Refused Row 1' },
      submitter: 'ann',
      actor: desk,
    })
    await waitFor(() => logged.some((line) => line.includes('side effect(s) failed')), 5000, 'the failure logged')
    const kv = await bus.kv(RECORDS_KV)
    expect(await kv.get(`${names.cases}.${filed.id}`)).toBeNull()

    await jsm.streams.update(`KV_${RECORDS_KV}`, { ...config, max_msg_size: -1 })
    await waitFor(
      async () => (await storedSeq(bus, names.cases, filed.id)) === filed.seq,
      15_000,
      'the projection repaired',
    )
  })
})
