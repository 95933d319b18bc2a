// Issue 29 item 4, "nothing left behind", on either bus: a case filed with a
// unique marker in every personal value (fields, the submitter, a staff
// message to them, their reply by mail and who sent it, their own move) is
// erased, and then no stream message, KV entry or history, object or file
// holds any of its markers, while another case still reads back whole.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bus, StreamMessage } from '../../server/bus/types'
import type { Field, SiteModel } from '../../server/content/model'
import { createEraseLeftovers } from '../../server/effects/erase-leftovers'
import { createDiskStore } from '../../server/files/disk-store'
import { storedFileValue } from '../../server/files/stored-file'
import { deliverIntent, MAIL_SENT_KV, type DeliveryDeps } from '../../server/mail/deliver-intent'
import { MAIL_STREAM } from '../../server/mail/mail-stream'
import { createOutboxTransport } from '../../server/mail/outbox-transport'
import { RECEIPTS_KV } from '../../server/mail/receipt-limit'
import { appendNote } from '../../server/records/append-note'
import { UnsealedRecordError } from '../../server/records/errors'
import { startSnapshotErasure } from '../../server/records/index-snapshot-erasure'
import { writeIndexSnapshot } from '../../server/records/index-snapshot-writer'
import { createRecordIndex } from '../../server/records/record-index'
import { runRetention } from '../../server/records/retention'
import { DAY_MS } from '../../server/records/timed-moves'
import { ERASED_VALUE, RECORDS_STREAM, recordSubject } from '../../server/records/types'
import type { Actor } from '../../server/records/types'
import { waitFor } from '../bus/wait'
import { freshNames, recordsSite } from '../records/site'
import { start, useInstances, type Clock } from '../records/world'
import { filesBelow } from './stored-bytes'

export interface NothingLeftBus {
  open(): Promise<Bus>
  /** Everything the bus keeps, as text (stored-bytes.ts). */
  contents(): Promise<{ path: string; texts: string[] }[]>
}

const staff: Actor = { kind: 'person', subject: 'staff-1', name: 'Desk Person' }

/** The records site with a photo, its free text saying `personal: true` as content will (privsite's field key). */
function privacySite(): { site: SiteModel; bucket: string } {
  const names = freshNames()
  const site = recordsSite(names)
  const cases = site.buckets.get(names.cases)!
  const photo: Field = { name: 'photo', type: 'file', label: ['Photo', 'Photo'], required: false, contact: false }
  const fields = [...cases.fields, photo].map((field) =>
    field.name === 'details' ? { ...field, personal: true } : field,
  )
  const buckets = new Map(site.buckets).set(names.cases, { ...cases, fields })
  return { site: { ...site, buckets }, bucket: names.cases }
}

/** Where the service keeps files and, in development, mail: a folder each, as DATA_DIR has them. */
function useFolders() {
  const made: string[] = []
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    const root = mkdtempSync(join(tmpdir(), 'svc-erase-files-'))
    made.push(root)
    const store = createDiskStore(join(root, 'uploads'))
    const outbox = join(root, 'outbox')
    return { root, store, outbox, leftovers: createEraseLeftovers({ store: () => store, outbox }) }
  }
}

/** The mailer's work on what SVC_MAIL holds now: each intent delivered to the development outbox, or dropped. */
async function deliverAll(bus: Bus, outbox: string): Promise<void> {
  const deps: DeliveryDeps = {
    bus,
    sent: await bus.kv(MAIL_SENT_KV),
    receipts: await bus.kv(RECEIPTS_KV),
    transport: createOutboxTransport(outbox),
    sender: { address: 'site@example.org' },
    addressOf: async () => null,
    replies: null,
  }
  const last = await bus.lastSequence(MAIL_STREAM)
  const messages: StreamMessage[] = []
  const stop = await bus.follow(MAIL_STREAM, 'svc.mail.>', {}, (message) => void messages.push(message))
  await waitFor(() => messages.at(-1)?.seq === last, 5000, 'every mail intent')
  stop()
  for (const message of messages) await deliverIntent(deps, { ...message, attempt: 1 })
}

export function runNothingLeftContract(name: string, buses: NothingLeftBus): void {
  describe(`erasure on the ${name} bus`, () => {
    const world = useInstances()
    const folders = useFolders()

    async function fileMarked(
      bus: Bus,
      site: SiteModel,
      bucket: string,
      clock: Clock,
      tag: string,
      place?: ReturnType<typeof folders>,
    ) {
      const marker = (what: string) => `${tag}${what}${randomBytes(4).toString('hex')}`
      const m = {
        email: `${marker('mail')}@example.org`,
        details: marker('details'),
        subject: marker('subject'),
        name: marker('name'),
        note: marker('note'),
        replyAddress: `${marker('replier')}@example.org`,
        session: marker('session'),
        reply: marker('reply'),
        photo: marker('photo'),
      }
      const instance = await world.instance(bus, () => site, clock, place === undefined ? {} : place)
      const submitter: Actor = { kind: 'person', subject: m.subject, name: m.name }
      const key = `up/${tag}/${randomBytes(6).toString('hex')}`
      await place?.store.put(key, Readable.from([Buffer.from(m.photo)]), 'image/png')
      const photo = storedFileValue({ key, name: 'photo.png', size: m.photo.length, type: 'image/png', preview: false })
      const filed = await instance.records.file({
        bucket,
        storyline: 'plain',
        fields: { street: 'Main Street', details: m.details, email: m.email, ...(place ? { photo } : {}) },
        submitter: `session:${m.session}`,
        actor: { kind: 'visitor', session: m.session },
      })
      // Filed before signing in, then claimed at sign-in: the index replaces the case's texts once already.
      await instance.index.waitFor(bucket, filed.id, filed.seq, 5000)
      await instance.records.claim({ from: [`session:${m.session}`], subject: m.subject, actor: submitter })
      await instance.records.note({ bucket, id: filed.id, text: m.note, actor: staff, submission: `n-${tag}` })
      await appendNote(bus, {
        bucket,
        id: filed.id,
        storyline: 'plain',
        actor: { kind: 'mail', address: m.replyAddress },
        via: 'mail',
        text: m.reply,
        msgId: `reply-${tag}-${filed.id}`,
        time: clock.now,
      })
      const last = await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, filed.id))
      await instance.index.waitFor(bucket, filed.id, last, 5000)
      const moved = await instance.records.move({
        bucket,
        id: filed.id,
        edge: 'withdraw',
        via: 'self',
        expectSeq: last,
        actor: submitter,
        submission: `w-${tag}`,
      })
      return { instance, id: filed.id, markers: Object.values(m), m, seq: moved.record.seq, key }
    }

    it('Erasure leaves nothing behind (issue 29 item 4): no stream, KV entry or history, object or file keeps a marker of the erased case; the other case reads back whole; counts stay', async () => {
      const bus = await buses.open()
      const clock = { now: start }
      const { site, bucket } = privacySite()
      const place = folders()
      const erased = await fileMarked(bus, site, bucket, clock, 'gone', place)
      const kept = await fileMarked(bus, site, bucket, clock, 'kept', place)
      const { records, index } = erased.instance
      // Mail about both cases delivered to the outbox; then one more staff message to each, not delivered yet.
      await deliverAll(bus, place.outbox)
      for (const { id, m } of [erased, kept])
        await records.note({ bucket, id, text: `${m.note} again`, actor: staff, submission: `again-${id}` })
      const mailed = (marker: string) => whereFoundIn(filesBelow(place.outbox), marker)
      expect(mailed(erased.m.email)).not.toEqual([])
      await waitFor(() => (index.get(bucket, kept.id)?.seq ?? 0) > kept.seq, 5000, 'the index to see both cases')
      // A snapshot stored before the erasure holds the erased values until it is written again.
      await writeIndexSnapshot(bus, index)
      const cover = startSnapshotErasure({ bus, index })
      world.onCleanup(() => cover.close())
      const counts = index.counts()
      const reached = index.reached()
      // Asked once before, so the index keeps the submitter's list the erasure must move the case out of.
      expect(index.list(bucket, { offset: 0, limit: 10, submitter: erased.m.subject }).total).toBe(1)
      expect(
        index.list(bucket, { offset: 0, limit: 10, where: { field: 'email', equals: erased.m.email } }).total,
      ).toBe(1)

      const outcome = await records.erase({ bucket, id: erased.id, actor: staff, reason: 'request', note: 'by phone' })

      expect(outcome?.kind).toBe('erased')
      const record = outcome?.kind === 'erased' ? outcome.record : null
      expect(record).toMatchObject({
        state: 'withdrawn',
        submitter: ERASED_VALUE,
        fields: { street: 'Main Street', details: ERASED_VALUE, email: ERASED_VALUE },
      })
      expect(record?.erasedAt).toBe(start.toISOString())
      const history = await records.history(bucket, erased.id)
      expect(history.map((entry) => entry.type)).toEqual([
        'filed',
        'claimed',
        'noted',
        'noted',
        'moved',
        'noted',
        'erased',
      ])
      expect(history.at(-1)).toMatchObject({ reason: 'request', note: 'by phone', actor: staff })
      expect(history.filter((entry) => entry.type === 'noted').map((entry) => entry.text)).toEqual([
        ERASED_VALUE,
        ERASED_VALUE,
        ERASED_VALUE,
      ])
      // Its file answers as any missing file does; the mailer drops what was still to go, sends nothing about it.
      expect(await place.store.get(erased.key)).toBeNull()
      await deliverAll(bus, place.outbox)
      expect(index.get(bucket, erased.id)).toMatchObject({ submitter: ERASED_VALUE, erasedAt: record?.erasedAt })
      expect(index.counts()).toEqual(counts)
      expect(index.reached()).toEqual(reached)
      // The live index no longer finds it by its values or its submitter.
      expect(index.list(bucket, { offset: 0, limit: 10, text: erased.m.details }).total).toBe(0)
      expect(index.list(bucket, { offset: 0, limit: 10, submitter: erased.m.subject }).total).toBe(0)
      expect(
        index.list(bucket, { offset: 0, limit: 10, where: { field: 'email', equals: erased.m.email } }).total,
      ).toBe(0)
      expect(index.list(bucket, { offset: 0, limit: 10, text: kept.m.details }).total).toBe(1)

      // Within seconds the stored snapshot is written again; then nothing anywhere holds a marker.
      let left: string[] = []
      await waitFor(
        async () => {
          const contents = [...(await buses.contents()), ...filesBelow(place.root)]
          left = erased.markers.flatMap((marker) =>
            whereFoundIn(contents, marker).map((path) => `${marker} in ${path}`),
          )
          return left.length === 0
        },
        8000,
        'no marker of the erased case anywhere',
      ).catch(() => expect(left).toEqual([]))
      // The scan sees what is there: the other case's values are in its KV projection, as they should be.
      expect(whereFoundIn(await buses.contents(), kept.m.details)).not.toEqual([])
      expect(mailed(`${kept.m.note} again`)).not.toEqual([])
      const keptPhoto = await place.store.get(kept.key)
      keptPhoto?.body.destroy()
      expect(keptPhoto).not.toBeNull()
      // The other case still reads back whole: from the projection, the index and its history.
      expect(await records.get(bucket, kept.id)).toMatchObject({
        submitter: kept.m.subject,
        fields: { details: kept.m.details, email: kept.m.email },
      })
      const keptHistory = await records.history(bucket, kept.id)
      expect(keptHistory.filter((entry) => entry.type === 'noted').map((entry) => entry.text)).toEqual([
        kept.m.note,
        kept.m.reply,
        `${kept.m.note} again`,
      ])
      expect(keptHistory.find((entry) => entry.type === 'moved')?.actor).toEqual({
        kind: 'person',
        subject: kept.m.subject,
        name: kept.m.name,
      })

      // An index started from the snapshot shows the case erased, and the other as filed.
      const restarted = createRecordIndex(bus)
      world.onCleanup(() => restarted.close())
      await restarted.ready
      expect(restarted.get(bucket, erased.id)).toMatchObject({ submitter: ERASED_VALUE, state: 'withdrawn' })
      expect(restarted.get(bucket, erased.id)?.fields.email).toBe(ERASED_VALUE)
      expect(restarted.get(bucket, kept.id)?.fields.email).toBe(kept.m.email)
      expect(restarted.counts()).toEqual(counts)

      expect(await records.erase({ bucket, id: erased.id, actor: staff, reason: 'request' })).toEqual({
        kind: 'already-erased',
      })
    })

    it('a submitter who erases their own case is not named by it either; an index replayed from the stream alone shows it erased', async () => {
      const bus = await buses.open()
      const clock = { now: start }
      const { site, bucket } = privacySite()
      const erased = await fileMarked(bus, site, bucket, clock, 'replay')
      const submitter: Actor = { kind: 'person', subject: erased.m.subject, name: erased.m.name }
      await erased.instance.records.erase({ bucket, id: erased.id, actor: submitter, reason: 'self' })
      const history = await erased.instance.records.history(bucket, erased.id)
      expect(history.at(-1)).toMatchObject({
        type: 'erased',
        reason: 'self',
        actor: { kind: 'person', subject: ERASED_VALUE, name: ERASED_VALUE },
      })
      const contents = await buses.contents()
      expect(erased.markers.flatMap((marker) => whereFoundIn(contents, marker))).toEqual([])
      const replayed = createRecordIndex(bus)
      world.onCleanup(() => replayed.close())
      await replayed.ready
      expect(replayed.get(bucket, erased.id)).toMatchObject({
        state: 'withdrawn',
        submitter: ERASED_VALUE,
        fields: { street: 'Main Street', details: ERASED_VALUE, email: ERASED_VALUE },
      })
      expect(replayed.list(bucket, { offset: 0, limit: 10, text: erased.m.details }).total).toBe(0)
      expect(replayed.hasFiled(bucket, erased.m.subject)).toBe(false)
    })

    it("Retention leaves nothing behind either: the clock's erasure of a case past its bucket's days scans clean", async () => {
      const bus = await buses.open()
      const clock = { now: start }
      const { site, bucket } = privacySite()
      const cases = site.buckets.get(bucket)
      if (cases === undefined) throw new Error('no bucket')
      const kept = {
        ...site,
        buckets: new Map(site.buckets).set(bucket, { ...cases, retention: { days: 1.5, in: ['withdrawn'] } }),
      }
      const erased = await fileMarked(bus, kept, bucket, clock, 'retention')
      const { records, index } = erased.instance
      const sweep = (days: number) =>
        runRetention({ records, index, site: kept, now: new Date(start.getTime() + days * DAY_MS) })
      expect(await sweep(1)).toEqual({ erased: 0, skipped: 0 })
      expect(await sweep(2)).toEqual({ erased: 1, skipped: 0 })
      expect((await records.history(bucket, erased.id)).at(-1)).toMatchObject({
        type: 'erased',
        reason: 'retention',
        actor: { kind: 'clock' },
      })
      const contents = await buses.contents()
      expect(erased.markers.flatMap((marker) => whereFoundIn(contents, marker))).toEqual([])
      expect(await sweep(3)).toEqual({ erased: 0, skipped: 0 })
    })

    it('a move and an erasure at the same moment: one order, nothing half-erased', async () => {
      const bus = await buses.open()
      const clock = { now: start }
      const { site, bucket } = privacySite()
      const first = await world.instance(bus, () => site, clock)
      const second = await world.instance(bus, () => site, clock)
      for (let round = 0; round < 3; round++) {
        const filed = await first.records.file({
          bucket,
          storyline: 'plain',
          fields: { street: 'Elm', email: `race${round}@example.org` },
          submitter: 'someone',
          actor: { kind: 'visitor', session: 's' },
        })
        await second.index.waitFor(bucket, filed.id, filed.seq, 5000)
        const [moved, erased] = await Promise.allSettled([
          second.records.move({
            bucket,
            id: filed.id,
            edge: 'accept',
            via: 'desk',
            expectSeq: filed.seq,
            actor: staff,
          }),
          first.records.erase({ bucket, id: filed.id, actor: staff, reason: 'request' }),
        ])
        expect(erased).toMatchObject({ status: 'fulfilled', value: { kind: 'erased' } })
        const history = await first.records.history(bucket, filed.id)
        const types = history.map((entry) => entry.type)
        // The move either came first and the erasure on top of it, or it was refused as a change since.
        expect(types).toEqual(moved.status === 'fulfilled' ? ['filed', 'moved', 'erased'] : ['filed', 'erased'])
        const stored = await first.records.get(bucket, filed.id)
        expect(stored?.fields.email).toBe(ERASED_VALUE)
        expect(stored?.state).toBe(moved.status === 'fulfilled' ? 'accepted' : 'new')
      }
    })

    it('a case filed before records were sealed is refused, not half-erased', async () => {
      const bus = await buses.open()
      const clock = { now: start }
      const { site, bucket } = privacySite()
      const { records } = await world.instance(bus, () => site, clock)
      const id = 'legacylegacy0001'
      const { seq } = await bus.append(RECORDS_STREAM, recordSubject(bucket, id), {
        v: 1,
        type: 'filed',
        record: id,
        bucket,
        storyline: 'plain',
        actor: { kind: 'visitor', session: 's' },
        time: start.toISOString(),
        to: 'new',
        fields: { street: 'Old', email: 'old@example.org' },
        submitter: 'session:old',
      })
      await expect(records.erase({ bucket, id, actor: staff, reason: 'request' })).rejects.toThrow(UnsealedRecordError)
      expect(await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(bucket, id))).toBe(seq)
    })
  })
}

const whereFoundIn = (contents: { path: string; texts: string[] }[], marker: string): string[] =>
  contents.filter(({ texts }) => texts.some((text) => text.includes(marker))).map(({ path }) => path)
