// svc_index_behind_events: an instance's record index on a real nats-server,
// held back while another instance files, then let go. The gauge rises to
// what the index has not applied and returns to 0 once it has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { createServiceMetrics } from '../../server/metrics/service-metrics'
import { createRecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import { waitFor } from '../bus/wait'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { samplesOf } from './scrape'
import { testEffects } from '../records/record-effects'

let nats: NatsServer
let held: Bus
let writer: Bus
beforeAll(async () => {
  nats = await startNatsServer()
  ;[held, writer] = await Promise.all([createNatsBus({ url: nats.url }), createNatsBus({ url: nats.url })])
})
afterAll(async () => {
  await Promise.all([held?.close(), writer?.close()])
  await nats?.stop()
})

/** `bus`, whose follows deliver nothing while the gate is shut (a follow waits for its handler). */
function gated(bus: Bus): { bus: Bus; open: () => void } {
  let open: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (open = resolve))
  return {
    bus: {
      ...bus,
      follow: (stream, filter, options, onMessage) =>
        bus.follow(stream, filter, options, async (m) => {
          await gate
          await onMessage(m)
        }),
    },
    open: () => open(),
  }
}

describe('svc_index_behind_events', () => {
  it('rises while the index is held back and returns to 0 once it has applied the stream', async () => {
    const site = await loadDemo()
    const { bus, open } = gated(held)
    const index = createRecordIndex(bus)
    await index.ready
    const metrics = createServiceMetrics()
    metrics.watch({ bus: Promise.resolve(held), indexApplied: () => index.appliedSeq(), revision: () => null })
    const behind = async () => samplesOf(await metrics.registry.metrics()).get('svc_index_behind_events')
    expect(await behind()).toBe(0)

    const writerIndex = createRecordIndex(writer)
    await writerIndex.ready
    const records = createRecords({
      bus: writer,
      site: () => site,
      index: writerIndex,
      effects: testEffects(writer, writerIndex),
    })
    for (const n of [1, 2, 3, 4, 5])
      await records.file({
        bucket: 'potholes',
        storyline: site.storylines[0] ?? 'plain',
        fields: { street: `Held Lane ${n}`, kind: 'pothole' },
        submitter: `session:h${n}`,
        actor: { kind: 'visitor', session: `h${n}` },
      })
    expect(await behind()).toBe(5)

    open()
    await waitFor(async () => (await behind()) === 0, 10_000, 'the index to catch up')
    expect(index.appliedSeq()).toBe(await writer.lastSequence('SVC_RECORDS'))
    index.close()
    writerIndex.close()
  })
})
