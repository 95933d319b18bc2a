// The session store on both buses: create-only ids, the record's own expiry,
// saves that never bring back a deleted session, and persistence.
import { mkdtempSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BusConflictError, BusUnavailableError } from '../../server/bus/errors'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import {
  createSessionStore,
  guardKv,
  SESSION_BUCKET_MAX_AGE_MS,
  SESSION_LIFETIME_MS,
  SessionsUnavailableError,
  type SessionKv,
} from '../../server/sessions'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'

const USER = { subject: 'kari', email: 'kari@example.org', groups: ['caseworkers'] }
const randomId = () => randomBytes(32).toString('base64url')
// Fresh per test, so tests sharing one NATS server never meet.
const bucketName = () => `svc_sessions_${randomBytes(4).toString('hex')}`

function describeStore(kind: string, openBus: () => Promise<Bus>, reopenBus: () => Promise<Bus>): void {
  describe(`Sessions on the ${kind} bus`, () => {
    let bus: Bus
    beforeAll(async () => {
      bus = await openBus()
    })
    afterAll(async () => {
      await bus?.close()
    })
    const openKv = async (bucket = bucketName()) => bus.kv(bucket, { maxAgeMs: SESSION_BUCKET_MAX_AGE_MS })

    it('Authentication 7: creating a session draws a fresh id and never overwrites an existing session', async () => {
      const kv = await openKv()
      const first = await createSessionStore({ kv }).create({ user: USER })
      expect(first.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(first.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // The generator's first draw is the id already in use: a second is drawn.
      const draws = [first.id, randomId()]
      const drawn: string[] = []
      const store = createSessionStore({
        kv,
        newId: () => {
          const id = draws.shift() ?? randomId()
          drawn.push(id)
          return id
        },
      })
      const second = await store.create()
      expect(drawn).toHaveLength(2)
      expect(second.id).toBe(drawn[1])
      expect(second.id).not.toBe(first.id)
      expect((await store.load(first.id))?.user).toEqual(USER)
      expect((await store.load(second.id))?.user).toBeNull()
      expect(second.csrf).not.toBe(first.csrf)
    })

    it("Authentication 7: a session record's own expiry decides whether a load succeeds", async () => {
      const kv = await openKv()
      let now = Date.parse('2026-01-01T00:00:00Z')
      const store = createSessionStore({ kv, now: () => now })
      const session = await store.create({ user: USER })
      expect(session.expires - session.created).toBe(SESSION_LIFETIME_MS)
      now += SESSION_LIFETIME_MS - 1
      expect((await store.load(session.id))?.user).toEqual(USER)
      now += 1
      expect(await store.load(session.id)).toBeNull()
      // The bucket still holds it; its own expiry is what refused it.
      expect(await kv.get(session.id)).not.toBeNull()
    })

    it('saves only over the revision it read, so a deleted session stays deleted', async () => {
      const store = createSessionStore({ kv: await openKv() })
      const session = await store.create()
      const saved = await store.save({ ...session, user: USER })
      await expect(store.save({ ...session, pending: null })).rejects.toBeInstanceOf(BusConflictError)
      await store.remove(saved.id)
      await expect(store.save(saved)).rejects.toBeInstanceOf(BusConflictError)
      expect(await store.load(saved.id)).toBeNull()
    })

    it('treats an unknown, malformed or unreadable id as no session', async () => {
      const kv = await openKv()
      const store = createSessionStore({ kv })
      expect(await store.load(randomId())).toBeNull()
      expect(await store.load('forged')).toBeNull()
      expect(await store.load('a.b')).toBeNull()
      const garbage = randomId()
      await kv.create(garbage, { user: 'not a user' })
      expect(await store.load(garbage)).toBeNull()
    })

    // That the service's own bucket outlives its sessions: session-bucket.test.ts.
    it("Authentication 7: the bucket's max_age collects sessions nobody returns to", async () => {
      // A bucket whose max_age is one second stands in for the real one's days;
      // the session itself would live for another minute.
      const kv = await bus.kv(bucketName(), { maxAgeMs: 1000 })
      const store = createSessionStore({ kv, lifetimeMs: 60_000 })
      const session = await store.create({ user: USER })
      expect((await store.load(session.id))?.user).toEqual(USER)
      await waitFor(async () => (await kv.get(session.id)) === null, 6000, 'the bucket to collect the session')
      expect(await store.load(session.id)).toBeNull()
    })

    it('Authentication 7: sessions are stored in the bus KV store, kept across a reopening of the bus', async () => {
      const bucket = bucketName()
      const session = await createSessionStore({ kv: await openKv(bucket) }).create({ user: USER })
      const again = await reopenBus()
      try {
        const kv = await again.kv(bucket, { maxAgeMs: SESSION_BUCKET_MAX_AGE_MS })
        expect((await createSessionStore({ kv }).load(session.id))?.user).toEqual(USER)
      } finally {
        await again.close()
      }
    })
  })
}

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const localDir = mkdtempSync(join(tmpdir(), 'svc-sessions-'))
dirs.push(localDir)
let localBus: Bus | undefined
// One process opens a data dir at a time: the reopening closes the first bus.
describeStore(
  'local',
  async () => (localBus = await createLocalBus({ dataDir: localDir })),
  async () => {
    await localBus?.close()
    return createLocalBus({ dataDir: localDir })
  },
)

let nats: NatsServer
beforeAll(async () => {
  nats = await startNatsServer()
})
afterAll(async () => {
  await nats?.stop()
})
describeStore(
  'NATS',
  () => createNatsBus({ url: nats.url }),
  () => createNatsBus({ url: nats.url }),
)

describe('a session bus that cannot answer', () => {
  const never: SessionKv = {
    get: () => new Promise(() => undefined),
    create: () => new Promise(() => undefined),
    update: () => new Promise(() => undefined),
    delete: () => new Promise(() => undefined),
  }

  it('fails at once while disconnected and within the bound when it hangs', async () => {
    const store = createSessionStore({ kv: guardKv(never, () => false, 50) })
    await expect(store.load(randomId())).rejects.toBeInstanceOf(SessionsUnavailableError)
    const hanging = createSessionStore({ kv: guardKv(never, () => true, 50) })
    const started = Date.now()
    await expect(hanging.create()).rejects.toBeInstanceOf(SessionsUnavailableError)
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})

describe('a session made while the bucket elects its leader', () => {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  /** A real bucket whose creates go through `answer`: it is passed the try's number (from 1) and the real create. */
  async function electing(answer: (n: number, create: () => Promise<number>) => Promise<number>) {
    const dir = mkdtempSync(join(tmpdir(), 'svc-session-election-'))
    dirs.push(dir)
    const bus = await createLocalBus({ dataDir: dir })
    const kv = await bus.kv(bucketName(), { maxAgeMs: SESSION_BUCKET_MAX_AGE_MS })
    let n = 0
    const ids: string[] = []
    const electingKv: SessionKv = {
      get: (key) => kv.get(key),
      update: (key, value, revision) => kv.update(key, value, revision),
      delete: (key) => kv.delete(key),
      create: (key, value) => {
        ids.push(key)
        return answer(++n, () => kv.create(key, value))
      },
    }
    return { bus, kv, ids, electingKv }
  }
  const noLeader = () => Promise.reject(new BusUnavailableError('creating a session'))

  it('waits for the bucket at sign-in rather than refusing it, each try under a new id', async () => {
    const { bus, ids, electingKv } = await electing((n, create) => (n <= 3 ? noLeader() : create()))
    const store = createSessionStore({ kv: electingKv, createWaitMs: 5000 })
    const session = await store.create({ user: USER })
    expect(ids).toHaveLength(4)
    expect(new Set(ids).size).toBe(4)
    expect(session.id).toBe(ids[3])
    expect((await store.load(session.id))?.user).toEqual(USER)
    await bus.close()
  })

  it('gives a try stored after its answer was lost to nobody: the session is the next try, its own id', async () => {
    const { bus, kv, ids, electingKv } = await electing(async (n, create) => {
      const revision = await create()
      if (n === 1) throw new SessionsUnavailableError('creating a session took over 2000 ms')
      return revision
    })
    const session = await createSessionStore({ kv: electingKv, createWaitMs: 5000 }).create({ user: USER })
    expect(ids).toHaveLength(2)
    expect(session.id).toBe(ids[1])
    // The first try is stored, but no cookie ever named it.
    expect(await kv.get(ids[0]!)).not.toBeNull()
    expect(session.id).not.toBe(ids[0])
    await bus.close()
  })

  it('refuses as unavailable once the wait is spent, and at once without one', async () => {
    const { bus, ids, electingKv } = await electing(noLeader)
    const started = Date.now()
    await expect(createSessionStore({ kv: electingKv, createWaitMs: 600 }).create()).rejects.toBeInstanceOf(
      BusUnavailableError,
    )
    expect(Date.now() - started).toBeGreaterThanOrEqual(400)
    const tries = ids.length
    expect(tries).toBeGreaterThan(1)
    await expect(createSessionStore({ kv: electingKv }).create()).rejects.toBeInstanceOf(BusUnavailableError)
    expect(ids.length).toBe(tries + 1)
    await bus.close()
  })
})
