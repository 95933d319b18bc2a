// Retention from content (issue 29 item 2): a bucket's `retention: { days, in }`
// erases the personal data of a record that has stayed in one of those states
// longer than that, by the clock, once; on the real records layer, both buses.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { runRetention } from '../../server/records/retention'
import { ERASED_VALUE, RECORDS_STREAM, type RecordEvent } from '../../server/records/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freshNames, recordsSite, type SiteNames } from './site'
import { collect, dayMs, start, useInstances, type Clock } from './world'

const desk = { kind: 'person', subject: 'desk-sub' } as const

/** The records site, its cases kept 30 days once closed or withdrawn, their details personal. */
function retentionSite(names: SiteNames): SiteModel {
  const site = recordsSite(names)
  const cases = site.buckets.get(names.cases)
  if (cases === undefined) throw new Error('no cases bucket')
  const fields = cases.fields.map((f) => (f.name === 'details' ? { ...f, personal: true } : f))
  const kept = { ...cases, fields, retention: { days: 30, in: ['closed', 'withdrawn'] } }
  return { ...site, buckets: new Map([...site.buckets, [names.cases, kept]]) }
}

const dirs: string[] = []
let nats: NatsServer
beforeAll(async () => {
  nats = await startNatsServer()
})
afterAll(async () => {
  await nats.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const buses: [string, () => Promise<Bus>][] = [
  [
    'local',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-retention-'))
      dirs.push(dir)
      return createLocalBus({ dataDir: dir })
    },
  ],
  ['nats', () => createNatsBus({ url: nats.url })],
]

describe.each(buses)('retention on the %s bus', (_, open) => {
  const { instance, onCleanup } = useInstances()

  it(
    'Retention: a record in a retention state longer than days has its personal data erased by the clock, ' +
      'once; younger ones and other states keep theirs',
    async () => {
      const bus = await open()
      onCleanup(() => bus.close())
      const names = freshNames()
      const site = retentionSite(names)
      const clock: Clock = { now: start }
      const { records, index } = await instance(bus, () => site, clock)
      const events = await collect<RecordEvent>(bus, RECORDS_STREAM, `svc.rec.${names.cases}.>`)
      onCleanup(events.stop)
      const file = (street: string) =>
        records.file({
          bucket: names.cases,
          storyline: 'plain',
          fields: { street, details: `Marker ${street} told by Ann`, email: 'ann@example.org', kind: 'hole' },
          submitter: 'ann',
          actor: desk,
        })
      const old = await file('Old Lane')
      await records.move({
        bucket: names.cases,
        id: old.id,
        edge: 'reject',
        via: 'desk',
        expectSeq: old.seq,
        actor: desk,
      })
      const stillOpen = await file('Open Lane')
      clock.now = new Date(start.getTime() + 10 * dayMs)
      const young = await file('Young Lane')
      const youngClosed = await records.move({
        bucket: names.cases,
        id: young.id,
        edge: 'reject',
        via: 'desk',
        expectSeq: young.seq,
        actor: desk,
      })
      const sweep = () => runRetention({ records, index, site, now: clock.now })

      clock.now = new Date(start.getTime() + 30 * dayMs - 1)
      expect(await sweep()).toEqual({ erased: 0, skipped: 0 })
      // 30 days (and a day's decimals) in `closed`: the old one only.
      clock.now = new Date(start.getTime() + 30.5 * dayMs)
      expect(await sweep()).toEqual({ erased: 1, skipped: 0 })

      const erased = await records.get(names.cases, old.id)
      expect(erased?.erasedAt).toBe(clock.now.toISOString())
      expect(erased?.fields).toEqual({ street: 'Old Lane', kind: 'hole', details: ERASED_VALUE, email: ERASED_VALUE })
      expect(erased?.state).toBe('closed')
      expect((await records.get(names.cases, youngClosed.record.id))?.fields.details).toBe(
        'Marker Young Lane told by Ann',
      )
      expect((await records.get(names.cases, stillOpen.id))?.fields.email).toBe('ann@example.org')
      const last = await events.atLeast(6)
      expect(last.at(-1)?.data).toMatchObject({
        type: 'erased',
        record: old.id,
        actor: { kind: 'clock' },
        reason: 'retention',
      })

      // Erased records are skipped, not erased again.
      expect(await sweep()).toEqual({ erased: 0, skipped: 0 })
    },
  )
})
