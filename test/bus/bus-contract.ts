import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BusConflictError, BusNoReplyError } from '../../server/bus/errors'
import { decodeJson } from '../../server/bus/payload'
import type { Bus, KvChange, StreamMessage } from '../../server/bus/types'
import { settle, sleep, waitFor } from './wait'

// Delivery takes milliseconds on an idle machine. The gate runs two test files at once beside nats-servers and
// Chromium on two cores, and there a 5 s wait for a KV watch's two changes once ran out.
const DELIVERED_WITHIN_MS = 12_000

// Every name is fresh so tests sharing one NATS server never meet.
function fresh() {
  const id = randomBytes(4).toString('hex')
  return { stream: `T_${id}`, bucket: `b_${id}`, subject: `t${id}` }
}

function values(messages: StreamMessage[]): unknown[] {
  return messages.map((message) => decodeJson(message.data))
}

// Appends a marker on `subject`, then follows until it arrives. A follow
// delivers in stream order, so by then everything stored before the marker
// has arrived too, a late duplicate included.
async function followToMarker(bus: Bus, stream: string, subject: string, fromSeq?: number): Promise<unknown[]> {
  const marker = await bus.append(stream, `${subject}.marker`, { marker: true })
  const seen: StreamMessage[] = []
  const stop = await bus.follow(stream, `${subject}.>`, { fromSeq }, (message) => void seen.push(message))
  await waitFor(() => seen.some((message) => message.seq === marker.seq), DELIVERED_WITHIN_MS, 'the marker')
  stop()
  return values(seen)
}

export function runBusContract(name: string, makeBus: () => Promise<Bus>): void {
  describe(`${name} bus contract`, () => {
    const opened: Bus[] = []
    const open = async () => {
      const bus = await makeBus()
      opened.push(bus)
      return bus
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()))
    })

    async function withStream() {
      const bus = await open()
      const names = fresh()
      await bus.ensureStream(names.stream, [`${names.subject}.>`])
      return { bus, ...names }
    }

    describe('streams', () => {
      it('numbers appends and knows the last sequence per subject', async () => {
        const { bus, stream, subject } = await withStream()
        expect(await bus.lastSequence(stream)).toBe(0)
        const first = await bus.append(stream, `${subject}.rec.1`, { n: 1 })
        const other = await bus.append(stream, `${subject}.rec.2`, new Uint8Array([1, 2, 3]))
        expect(first).toEqual({ seq: 1, duplicate: false })
        expect(other.seq).toBe(2)
        expect(await bus.lastSubjectSequence(stream, `${subject}.rec.1`)).toBe(1)
        expect(await bus.lastSubjectSequence(stream, `${subject}.rec.2`)).toBe(2)
        expect(await bus.lastSubjectSequence(stream, `${subject}.rec.3`)).toBe(0)
        expect(await bus.lastSequence(stream)).toBe(2)
      })

      it('checks the expected subject sequence, 0 meaning an empty subject', async () => {
        const { bus, stream, subject } = await withStream()
        const rec = `${subject}.rec.1`
        const first = await bus.append(stream, rec, { n: 1 }, { expectLastSubjectSequence: 0 })
        await expect(bus.append(stream, rec, { n: 2 }, { expectLastSubjectSequence: 0 })).rejects.toBeInstanceOf(
          BusConflictError,
        )
        await bus.append(stream, `${subject}.rec.2`, { n: 3 })
        // other subjects moving on do not make this subject's sequence stale
        const second = await bus.append(stream, rec, { n: 4 }, { expectLastSubjectSequence: first.seq })
        expect(second.seq).toBe(3)
      })

      it('lets exactly one of two concurrent appends with the same expected sequence win', async () => {
        const { bus, stream, subject } = await withStream()
        const rec = `${subject}.rec.1`
        const { seq } = await bus.append(stream, rec, { state: 'new' })
        const outcomes = await Promise.allSettled([
          bus.append(stream, rec, { state: 'by-desk' }, { expectLastSubjectSequence: seq }),
          bus.append(stream, rec, { state: 'by-timer' }, { expectLastSubjectSequence: seq }),
        ])
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
        const lost = outcomes.filter((outcome) => outcome.status === 'rejected')
        expect(won).toHaveLength(1)
        expect(lost).toHaveLength(1)
        expect(lost[0]?.reason).toBeInstanceOf(BusConflictError)
        expect(String(lost[0]?.reason)).toContain('[svc] [bus]')
        expect(await bus.lastSubjectSequence(stream, rec)).toBe(seq + 1)
      })

      it('stores a retried msgId once and answers the retry with the first sequence', async () => {
        const { bus, stream, subject } = await withStream()
        const rec = `${subject}.rec.1`
        const first = await bus.append(stream, rec, { n: 1 }, { msgId: 'move-1' })
        expect(await bus.append(stream, rec, { n: 1 }, { msgId: 'move-1' })).toEqual({
          seq: first.seq,
          duplicate: true,
        })
        // a retried guarded move reports its success instead of a conflict
        const guarded = { msgId: 'move-2', expectLastSubjectSequence: first.seq }
        const second = await bus.append(stream, rec, { n: 2 }, guarded)
        expect(await bus.append(stream, rec, { n: 2 }, guarded)).toEqual({ seq: second.seq, duplicate: true })

        expect(await followToMarker(bus, stream, subject)).toEqual([{ n: 1 }, { n: 2 }, { marker: true }])
      })

      it(
        "de-duplicates a msgId across the whole stream, answering with the first message's sequence on its own " +
          'subject',
        async () => {
          const { bus, stream, subject } = await withStream()
          const first = await bus.append(stream, `${subject}.rec.1`, { n: 1 }, { msgId: 'file-1' })
          // So a msgId must name its record: the same one on another subject is not that subject's message.
          expect(
            await bus.append(stream, `${subject}.rec.2`, { n: 2 }, { msgId: 'file-1', expectLastSubjectSequence: 0 }),
          ).toEqual({ seq: first.seq, duplicate: true })
          expect(await bus.lastSubjectSequence(stream, `${subject}.rec.2`)).toBe(0)
        },
      )

      it('follows: replays what is stored, then new messages, in order, through one filter', async () => {
        const { bus, stream, subject } = await withStream()
        await bus.append(stream, `${subject}.rec.1`, { n: 1 })
        await bus.append(stream, `${subject}.mail.1`, { skip: 1 })
        await bus.append(stream, `${subject}.rec.2`, { n: 2 })

        const seen: StreamMessage[] = []
        const stop = await bus.follow(stream, `${subject}.rec.>`, {}, async (message) => {
          // a slow handler must not let a later message overtake it
          await sleep(message.seq === 1 ? 50 : 0)
          seen.push(message)
        })
        await bus.append(stream, `${subject}.rec.3`, { n: 3 })
        await bus.append(stream, `${subject}.mail.2`, { skip: 2 })
        await bus.append(stream, `${subject}.rec.1`, { n: 4 })
        await waitFor(() => seen.length >= 4, DELIVERED_WITHIN_MS, 'four messages')

        expect(values(seen)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }])
        expect(seen.map((message) => message.seq)).toEqual([1, 3, 4, 6])
        expect(seen.map((message) => message.subject)).toEqual([
          `${subject}.rec.1`,
          `${subject}.rec.2`,
          `${subject}.rec.3`,
          `${subject}.rec.1`,
        ])
        expect(seen[0]?.time).toBeInstanceOf(Date)
        expect(Math.abs(Date.now() - (seen[0]?.time.getTime() ?? 0))).toBeLessThan(60_000)

        stop()
        const late = await bus.append(stream, `${subject}.rec.4`, { n: 5 })
        // A follower started now gets it; the stopped one must not, not even a
        // moment later (no order holds between two followers).
        const newer: StreamMessage[] = []
        const stopNewer = await bus.follow(
          stream,
          `${subject}.rec.>`,
          { fromSeq: late.seq },
          (message) => void newer.push(message),
        )
        await waitFor(() => newer.length === 1, DELIVERED_WITHIN_MS, 'the late message at a new follower')
        stopNewer()
        expect(await settle(() => seen.length, { what: 'the stopped follower' })).toBe(4)
      })

      it('follows from a given sequence', async () => {
        const { bus, stream, subject } = await withStream()
        for (const n of [1, 2, 3]) await bus.append(stream, `${subject}.rec.${n}`, { n })
        expect(await followToMarker(bus, stream, subject, 2)).toEqual([{ n: 2 }, { n: 3 }, { marker: true }])
      })

      it('ensures a stream again without losing it, taking new subjects', async () => {
        const { bus, stream, subject } = await withStream()
        await bus.append(stream, `${subject}.rec.1`, { n: 1 })
        await bus.ensureStream(stream, [`${subject}.>`])
        await bus.ensureStream(stream, [`${subject}.>`, `more${subject}.>`])
        expect((await bus.append(stream, `more${subject}.x`, { n: 2 })).seq).toBe(2)
        expect(await bus.lastSubjectSequence(stream, `${subject}.rec.1`)).toBe(1)
      })

      it('refuses a subject that is not in the named stream', async () => {
        const { bus, stream } = await withStream()
        await expect(bus.append(stream, `elsewhere${fresh().subject}.x`, { n: 1 })).rejects.toThrow('[svc] [bus]')
      })
    })

    describe('kv', () => {
      it('create never overwrites and update needs the current revision', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        expect(await kv.get('session.a1')).toBeNull()
        const created = await kv.create('session.a1', { user: 'ann' })
        await expect(kv.create('session.a1', { user: 'mallory' })).rejects.toBeInstanceOf(BusConflictError)
        expect(decodeJson((await kv.get('session.a1'))?.value ?? new Uint8Array())).toEqual({ user: 'ann' })

        const updated = await kv.update('session.a1', { user: 'ann', seen: 2 }, created)
        expect(updated).toBeGreaterThan(created)
        await expect(kv.update('session.a1', { user: 'stale' }, created)).rejects.toBeInstanceOf(BusConflictError)
        expect(await kv.get('session.a1')).toEqual({ value: expect.any(Uint8Array), revision: updated })

        const put = await kv.put('session.a1', new Uint8Array([7]))
        expect(await kv.get('session.a1')).toEqual({ value: new Uint8Array([7]), revision: put })
      })

      it('lets exactly one of two concurrent creates of a key win', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        const outcomes = await Promise.allSettled([kv.create('k', { by: 1 }), kv.create('k', { by: 2 })])
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
        const lost = outcomes.find((outcome) => outcome.status === 'rejected')
        expect(lost?.reason).toBeInstanceOf(BusConflictError)
      })

      it('deletes, after which the key can be created again', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        await kv.create('k', { n: 1 })
        await kv.delete('k')
        expect(await kv.get('k')).toBeNull()
        expect(await kv.keys()).toEqual([])
        await kv.create('k', { n: 2 })
        expect(decodeJson((await kv.get('k'))?.value ?? new Uint8Array())).toEqual({ n: 2 })
      })

      it('replace writes the key’s only value, leaving the others as they were (an erasure, issue 29)', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        await kv.create('records.a', { email: 'ann@example.org' })
        await kv.put('records.a', { email: 'ann@example.org', seen: 2 })
        await kv.put('records.b', { email: 'bo@example.org' })
        const replaced = await kv.replace('records.a', { erased: true })
        expect(await kv.get('records.a')).toEqual({ value: expect.any(Uint8Array), revision: replaced })
        expect(decodeJson((await kv.get('records.a'))?.value ?? new Uint8Array())).toEqual({ erased: true })
        expect(decodeJson((await kv.get('records.b'))?.value ?? new Uint8Array())).toEqual({ email: 'bo@example.org' })
        await expect(kv.create('records.a', { email: 'again' })).rejects.toBeInstanceOf(BusConflictError)
        expect(await kv.update('records.a', { erased: true, again: 1 }, replaced)).toBeGreaterThan(replaced)
        expect((await kv.keys('records.')).sort()).toEqual(['records.a', 'records.b'])
      })

      it('lists keys by prefix', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        for (const key of ['users.ann', 'users.bob', 'userstats.x', 'groups.staff', 'users.gone']) {
          await kv.put(key, { key })
        }
        await kv.delete('users.gone')
        expect((await kv.keys()).sort()).toEqual(['groups.staff', 'users.ann', 'users.bob', 'userstats.x'])
        expect((await kv.keys('users.')).sort()).toEqual(['users.ann', 'users.bob'])
        expect((await kv.keys('users')).sort()).toEqual(['users.ann', 'users.bob', 'userstats.x'])
        expect(await kv.keys('users.b')).toEqual(['users.bob'])
        expect(await kv.keys('nobody.')).toEqual([])
      })

      it('lists entries by prefix, each with the value and revision get reads', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        for (const key of ['users.ann', 'users.bob', 'userstats.x', 'users.gone']) await kv.put(key, { key })
        await kv.delete('users.gone')
        const bob = await kv.put('users.bob', { key: 'users.bob', again: true })
        const listed = (await kv.entries('users.')).sort((a, b) => a.key.localeCompare(b.key))
        expect(listed.map(({ key, revision }) => ({ key, revision }))).toEqual([
          { key: 'users.ann', revision: (await kv.get('users.ann'))?.revision },
          { key: 'users.bob', revision: bob },
        ])
        expect(listed.map((entry) => decodeJson(entry.value))).toEqual([
          { key: 'users.ann' },
          { key: 'users.bob', again: true },
        ])
        expect(await kv.entries('nobody.')).toEqual([])
      })

      it('watch reports puts and deletes made after it started', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        await kv.put('before', { n: 0 })
        const changes: KvChange[] = []
        const stop = await kv.watch((change) => void changes.push(change))
        await kv.put('a.b', { n: 1 })
        await kv.delete('a.b')
        await waitFor(() => changes.length >= 2, DELIVERED_WITHIN_MS, 'two changes')
        expect(changes.map((change) => change.key)).toEqual(['a.b', 'a.b'])
        expect(decodeJson(changes[0]?.value ?? new Uint8Array())).toEqual({ n: 1 })
        expect(changes[1]?.value).toBeNull()

        stop()
        // A watch started now sees the later put; the stopped one must not,
        // not even a moment later (no order holds between two watches).
        const newer: KvChange[] = []
        const stopNewer = await kv.watch((change) => void newer.push(change))
        await kv.put('after', { n: 2 })
        await waitFor(() => newer.length === 1, DELIVERED_WITHIN_MS, 'the later put at a new watch')
        stopNewer()
        expect(await settle(() => changes.length, { what: 'the stopped watch' })).toBe(2)
      })

      it('forgets entries older than the bucket max age', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket, { maxAgeMs: 1000 })
        const started = Date.now()
        await kv.put('session.old', { n: 1 })
        expect(await kv.get('session.old')).not.toBeNull()
        await waitFor(async () => (await kv.get('session.old')) === null, 6000, 'expiry')
        expect(Date.now() - started).toBeGreaterThanOrEqual(900)
        expect(await kv.keys()).toEqual([])
        // an expired key is free again
        await kv.create('session.old', { n: 2 })
      })

      it('refuses keys NATS would refuse', async () => {
        const bus = await open()
        const kv = await bus.kv(fresh().bucket)
        for (const key of ['', 'a b', 'a..b', '.a', 'a.', 'a*', 'a>', 'ä']) {
          await expect(kv.put(key, { n: 1 }), key).rejects.toThrow('[svc] [bus] invalid key')
        }
      })
    })

    describe('objects', () => {
      it('stores a value larger than one message in chunks and reads it back whole', async () => {
        const bus = await open()
        const objects = await bus.objects(fresh().bucket)
        expect(await objects.get('index.records')).toBeNull()
        // Over NATS's default 1 MB payload limit several times.
        const large = new Uint8Array(randomBytes(3 * 1024 * 1024 + 17))
        await objects.put('index.records', large)
        const read = await objects.get('index.records')
        // toEqual compares a 3 MB array byte by byte for seconds.
        expect(read !== null && Buffer.from(read).equals(large)).toBe(true)
        await objects.put('index.records', new Uint8Array([1, 2, 3]))
        expect(await objects.get('index.records')).toEqual(new Uint8Array([1, 2, 3]))
      })

      it('keeps objects across handles, by name', async () => {
        const bus = await open()
        const { bucket } = fresh()
        await (await bus.objects(bucket)).put('a', new Uint8Array([1]))
        const again = await bus.objects(bucket)
        expect(await again.get('a')).toEqual(new Uint8Array([1]))
        expect(await again.get('b')).toBeNull()
        await expect(again.put('a..b', new Uint8Array([1]))).rejects.toThrow('invalid key')
      })
    })

    describe('messaging', () => {
      it('delivers published messages to matching subscribers until they unsubscribe', async () => {
        const bus = await open()
        const { subject } = fresh()
        const seen: { subject: string; data: unknown }[] = []
        const stop = await bus.subscribe(`${subject}.*`, ({ subject: on, data }) => {
          seen.push({ subject: on, data: decodeJson(data) })
        })
        bus.publish(`${subject}.reloaded`, { n: 1 })
        bus.publish(`${subject}.other.deeper`, { n: 2 })
        bus.publish(`${subject}.changed`, { n: 3 })
        await waitFor(() => seen.length >= 2, DELIVERED_WITHIN_MS, 'two messages')
        expect(seen).toEqual([
          { subject: `${subject}.reloaded`, data: { n: 1 } },
          { subject: `${subject}.changed`, data: { n: 3 } },
        ])
        stop()
        // Messages from one publisher arrive in order, so once a marker
        // published after it has reached another subscriber, the message the
        // stopped one must miss would have reached it too.
        const marker = `${subject}.marker`
        const probe: string[] = []
        await bus.subscribe(`${subject}.*`, ({ subject: on }) => void probe.push(on))
        bus.publish(`${subject}.reloaded`, { n: 4 })
        bus.publish(marker, {})
        await waitFor(() => probe.includes(marker), DELIVERED_WITHIN_MS, 'the marker')
        expect(seen).toHaveLength(2)
      })

      it('answers a request through a responder', async () => {
        const bus = await open()
        const { subject } = fresh()
        const stop = await bus.respond(`${subject}.ask`, async (data) => ({ echo: decodeJson(data) }))
        const reply = await bus.request(`${subject}.ask`, { q: 'may I?' }, { timeoutMs: 2000 })
        expect(decodeJson(reply)).toEqual({ echo: { q: 'may I?' } })
        stop()
        await expect(bus.request(`${subject}.ask`, { q: 1 }, { timeoutMs: 2000 })).rejects.toMatchObject({
          name: 'BusNoReplyError',
          reason: 'no-responders',
        })
      })

      it('reports a responder that fails or answers too late', async () => {
        const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
        const bus = await open()
        const { subject } = fresh()
        await bus.respond(`${subject}.broken`, async () => {
          throw new Error('policy engine down')
        })
        await bus.respond(`${subject}.slow`, async () => {
          await sleep(1000)
          return { late: true }
        })
        await expect(bus.request(`${subject}.broken`, {}, { timeoutMs: 2000 })).rejects.toThrow('policy engine down')
        expect(logged).toHaveBeenCalledWith(expect.stringContaining('[svc] [bus] responder'), expect.any(Error))
        logged.mockRestore()
        const slow = bus.request(`${subject}.slow`, {}, { timeoutMs: 100 })
        await expect(slow).rejects.toBeInstanceOf(BusNoReplyError)
        await expect(slow).rejects.toMatchObject({ reason: 'timeout' })
      })
    })

    it('is connected until closed', async () => {
      const bus = await makeBus()
      expect(bus.isConnected()).toBe(true)
      expect(bus.status()).toBe('connected')
      await bus.close()
      expect(bus.isConnected()).toBe(false)
      expect(bus.status()).toBe('closed')
    })
  })
}
