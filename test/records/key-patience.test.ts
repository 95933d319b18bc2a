// Issue 27: the index reads the key of every case filed on another instance.
// On a cluster a read sent just as the key bucket's leader is lost waits for
// the client's timeout and fails, though the same read a moment later is
// answered. The index asks again in place for up to an election's length
// instead of dropping its follow; other readers fail at once, as before. A
// filing making its case key waits out an election the same way.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { BusUnavailableError } from '../../server/bus/errors'
import { createLocalBus } from '../../server/bus/local'
import type { Bus, BusKv } from '../../server/bus/types'
import { createRecordKeys, RECORD_KEYS_KV } from '../../server/records/record-keys'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** `bus`, whose key bucket answers the next `failing.left` reads as a bus without a leader does. */
function withKeysAway(bus: Bus, failing: { left: number; reads: number }): Bus {
  const away = (kv: BusKv): BusKv =>
    new Proxy(kv, {
      get(target, prop, receiver) {
        if (prop !== 'get') return Reflect.get(target, prop, receiver) as unknown
        return async (key: string) => {
          failing.reads++
          if (failing.left-- > 0) throw new BusUnavailableError(`reading ${key} in ${RECORD_KEYS_KV}`)
          return target.get(key)
        }
      },
    })
  return withKeyBucket(bus, away)
}

/** `bus` with its key bucket seen through `wrap`. */
function withKeyBucket(bus: Bus, wrap: (kv: BusKv) => BusKv): Bus {
  return new Proxy(bus, {
    get(target, prop, receiver) {
      if (prop !== 'kv') return Reflect.get(target, prop, receiver) as unknown
      return async (...args: Parameters<Bus['kv']>) => {
        const kv = await target.kv(...args)
        return args[0] === RECORD_KEYS_KV ? wrap(kv) : kv
      }
    },
  })
}

async function filedElsewhere() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-key-patience-'))
  dirs.push(dir)
  const bus = await createLocalBus({ dataDir: dir })
  // The instance that filed the case made its key; this one has never read it.
  const key = await createRecordKeys(bus).forSealing('potholes', 'abcdefghijklmnop', true)
  if (key === null) throw new Error('no key made')
  const failing = { left: 0, reads: 0 }
  return { bus, key, failing, keys: createRecordKeys(withKeysAway(bus, failing)) }
}

describe('a case key read while the key bucket elects its leader', () => {
  it('is asked again in place by a patient reader (the index) until the bus answers', async () => {
    const { bus, key, failing, keys } = await filedElsewhere()
    failing.left = 3
    expect((await keys.forOpening('potholes', 'abcdefghijklmnop', 10_000))?.equals(key)).toBe(true)
    expect(failing.reads).toBe(4)
    await bus.close()
  })

  it('fails at once for a reader without patience, and once the patience is spent', async () => {
    const { bus, key, failing, keys } = await filedElsewhere()
    failing.left = 1
    await expect(keys.forOpening('potholes', 'abcdefghijklmnop')).rejects.toThrow(BusUnavailableError)
    expect(failing.reads).toBe(1)
    failing.left = Number.POSITIVE_INFINITY
    await expect(keys.forOpening('potholes', 'abcdefghijklmnop', 600)).rejects.toThrow(BusUnavailableError)
    expect(failing.reads).toBeGreaterThanOrEqual(3)
    // Once the bucket answers, the key is there to read, and is kept.
    failing.left = 0
    expect((await keys.forOpening('potholes', 'abcdefghijklmnop'))?.equals(key)).toBe(true)
    await bus.close()
  })
})

/** `bus`, whose key bucket answers creates as `answer` says: its Nth create (from 1) is passed `create`. */
function withKeyCreates(bus: Bus, answer: (n: number, create: () => Promise<number>) => Promise<number>): Bus {
  let n = 0
  const wrapped = (kv: BusKv): BusKv =>
    new Proxy(kv, {
      get(target, prop, receiver) {
        if (prop !== 'create') return Reflect.get(target, prop, receiver) as unknown
        return (key: string, value: Parameters<BusKv['create']>[1]) => answer(++n, () => target.create(key, value))
      },
    })
  return withKeyBucket(bus, wrapped)
}

async function localBus(): Promise<Bus> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-key-create-'))
  dirs.push(dir)
  return createLocalBus({ dataDir: dir })
}

describe('a case key made while the key bucket elects its leader', () => {
  it('is made once the bucket answers again: the filing waits instead of being refused', async () => {
    const bus = await localBus()
    const keys = createRecordKeys(
      withKeyCreates(bus, (n, create) =>
        n <= 3 ? Promise.reject(new BusUnavailableError(`creating in ${RECORD_KEYS_KV}`)) : create(),
      ),
    )
    const made = await keys.forSealing('potholes', 'abcdefghijklmnop', true)
    const stored = await createRecordKeys(bus).forOpening('potholes', 'abcdefghijklmnop')
    expect(made).not.toBeNull()
    expect(stored?.equals(made!)).toBe(true)
    await bus.close()
  })

  it('uses the key a create stored after its wait: the one sent again meets it and reads it', async () => {
    const bus = await localBus()
    let creates = 0
    const keys = createRecordKeys(
      withKeyCreates(bus, async (n, create) => {
        creates++
        const stored = create()
        // The first is stored at once but answered only after the 2 s a create is given.
        if (n === 1) await new Promise((resolve) => setTimeout(resolve, 2500))
        return stored
      }),
    )
    const made = await keys.forSealing('potholes', 'abcdefghijklmnop', true)
    const stored = await createRecordKeys(bus).forOpening('potholes', 'abcdefghijklmnop')
    expect(creates).toBe(2)
    expect(stored?.equals(made!)).toBe(true)
    await bus.close()
  })

  it('refuses the filing as unavailable once an election outlasts the window', { timeout: 20_000 }, async () => {
    const bus = await localBus()
    const keys = createRecordKeys(
      withKeyCreates(bus, () => Promise.reject(new BusUnavailableError(`creating in ${RECORD_KEYS_KV}`))),
    )
    const started = Date.now()
    await expect(keys.forSealing('potholes', 'abcdefghijklmnop', true)).rejects.toThrow(BusUnavailableError)
    expect(Date.now() - started).toBeGreaterThanOrEqual(7000)
    expect(await createRecordKeys(bus).forOpening('potholes', 'abcdefghijklmnop')).toBeNull()
    await bus.close()
  })
})
