// A bucket's listing on a desk, through the record index as the service runs it: an open-cases default with
// nothing open counts the closed cases it hides; a reply by mail and a self move, not a desk's own note or move,
// make a case unread for a reader who has not opened it since (issue 26).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { NO_FILTER } from '../../server/desk/desk-query'
import { listBucket } from '../../server/desk/listing'
import { appendNote } from '../../server/records/append-note'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import { ensureRecordStreams } from '../../server/records/streams'
import type { RecordView } from '../../server/records/types'
import { waitFor } from '../bus/wait'
import { testEffects } from '../records/record-effects'
import { loadDemo } from '../support/demo-site'

let dir: string
let bus: Bus
let index: RecordIndex
let records: Records
let site: SiteModel
let minute = 0
const STAFF = { kind: 'person', subject: 'sub-kari', name: 'Kari' } as const
const VISITOR = { kind: 'visitor', session: 'seed' } as const

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-desk-closed-'))
  site = await loadDemo()
  bus = await createLocalBus({ dataDir: dir })
  await ensureRecordStreams(bus)
  index = createRecordIndex(bus, { repairDelayMs: 50 })
  await index.ready
  records = createRecords({
    bus,
    site: () => site,
    index,
    now: () => new Date(Date.UTC(2030, 0, 1, 8, minute++)),
    effects: testEffects(bus, index, 'http://127.0.0.1/'),
  })
})
afterAll(async () => {
  index?.close()
  await bus?.close()
  rmSync(dir, { recursive: true, force: true })
})

const file = (street: string) =>
  records.file({
    bucket: 'potholes',
    storyline: 'plain',
    fields: { street, kind: 'pothole' },
    submitter: 'session:seed',
    actor: VISITOR,
  })
const move = async (view: RecordView, edge: string, via: 'desk' | 'self' = 'desk') =>
  (
    await records.move({
      bucket: 'potholes',
      id: view.id,
      edge,
      via,
      expectSeq: view.seq,
      actor: via === 'desk' ? STAFF : VISITOR,
    })
  ).record
const listed = (seen: ReadonlyMap<string, number> = new Map()) =>
  listBucket(index, site.buckets.get('potholes')!, NO_FILTER, () => true, seen)
const seenAll = async () => {
  const version = index.version(['potholes'])
  await waitFor(() => index.appliedSeq() >= version, 5_000, 'the index')
}

describe('a desk listing through the record index', () => {
  it('No open cases (3 closed): the open-cases default counts what it hides, and only while nothing is open', async () => {
    for (const street of ['Gone Lane 1', 'Gone Lane 2', 'Gone Lane 3']) await move(await file(street), 'reject')
    await seenAll()
    const none = listed()
    expect([none.total, none.items.length, none.closedHidden]).toEqual([0, 0, 3])

    const open = await file('Open Lane 4')
    await waitFor(() => index.get('potholes', open.id) !== null, 5_000, 'the filing')
    expect(listed().closedHidden).toBe(0)
  })

  it('a reply by mail and a self move make a case unread; a desk note or move does not; opening reads it', async () => {
    const replied = await file('Reply Row 5')
    const withdrawn = await file('Self Street 6')
    const noted = await file('Desk Drive 7')
    await appendNote(bus, {
      bucket: 'potholes',
      id: replied.id,
      storyline: 'plain',
      actor: { kind: 'mail', address: 'ann@example.org' },
      via: 'mail',
      text: 'It got bigger.',
      msgId: 'reply-1',
      time: new Date(Date.UTC(2030, 0, 1, 9)),
    })
    await move(withdrawn, 'withdraw', 'self')
    await appendNote(bus, {
      bucket: 'potholes',
      id: noted.id,
      storyline: 'plain',
      actor: STAFF,
      via: 'desk',
      text: 'We are on it.',
      msgId: 'desk-1',
      time: new Date(Date.UTC(2030, 0, 1, 10)),
    })
    await waitFor(() => (index.get('potholes', noted.id)?.seq ?? 0) > noted.seq, 5_000, 'the desk note')

    const all = listBucket(index, site.buckets.get('potholes')!, { ...NO_FILTER, state: '_all' }, () => true)
    const unread = (listing: typeof all) =>
      listing.items.filter((_, i) => listing.activity[i]?.unread).map((view) => view.fields.street)
    expect(unread(all)).toEqual(['Self Street 6', 'Reply Row 5'])
    // Kari opened the replied case after the reply: only the withdrawn one is unread for her.
    const opened = new Map([[replied.id, index.get('potholes', replied.id)!.seq]])
    const forKari = listBucket(
      index,
      site.buckets.get('potholes')!,
      { ...NO_FILTER, state: '_all' },
      () => true,
      opened,
    )
    expect(unread(forKari)).toEqual(['Self Street 6'])
    const onlyUnread = listBucket(
      index,
      site.buckets.get('potholes')!,
      { ...NO_FILTER, state: '_all', unread: true },
      () => true,
      opened,
    )
    expect(onlyUnread.items.map((view) => view.fields.street)).toEqual(['Self Street 6'])
    // Last activity first: the desk's note (10:00) is the latest word, then the reply (09:00).
    const active = listBucket(
      index,
      site.buckets.get('potholes')!,
      { ...NO_FILTER, state: '_all', sort: 'activity' },
      () => true,
    )
    expect(active.items.slice(0, 2).map((view) => view.fields.street)).toEqual(['Desk Drive 7', 'Reply Row 5'])
  })
})
