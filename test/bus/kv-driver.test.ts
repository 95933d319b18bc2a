import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createStorage, normalizeKey } from 'unstorage'
import type { Driver, Storage } from 'unstorage'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBusKvDriver, decodeKvKey, encodeKvKey } from '../../server/bus/kv-driver'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startNatsServer } from '../support/nats-server'
import type { NatsServer } from '../support/nats-server'
import { waitFor } from './wait'

// Everything NATS refuses in a key, or that means something in one.
const awkwardKeys = [
  'with space',
  'a:b:c',
  'dir/file',
  'v1.2.3',
  'snake_case',
  'price$5',
  '$leading',
  'ünïcødé 😀',
  'equals=3D',
  'under_5Fscore',
  'a.b:c.d',
  'star*and>gt',
  'tab\tand\nnewline',
  '-/-',
]

describe('kv key encoding', () => {
  it.each(awkwardKeys)('round-trips %j through a legal NATS key', (key) => {
    const encoded = encodeKvKey(key)
    expect(encoded).toMatch(/^[-/_=a-zA-Z0-9]+(\.[-/_=a-zA-Z0-9]+)*$/)
    expect(decodeKvKey(encoded)).toBe(key)
  })

  it('maps `:` to `.`, leaves plain names alone and escapes the rest', () => {
    expect(encodeKvKey('svc_memberships:staff:ann-1/x')).toBe('svc_memberships.staff.ann-1/x')
    expect(encodeKvKey('a.b=c d')).toBe('a=2Eb=3Dc=20d')
    expect(encodeKvKey('ø')).toBe('=C3=B8')
  })

  it('encodes a base to a prefix of the encodings of its keys', () => {
    for (const key of awkwardKeys) {
      expect(encodeKvKey(`base:${key}`).startsWith(encodeKvKey('base:'))).toBe(true)
    }
  })

  it('refuses what cannot round-trip', () => {
    expect(() => encodeKvKey('lone \uD800 surrogate')).toThrow('[svc] [bus]')
    expect(() => decodeKvKey('broken=4')).toThrow('[svc] [bus]')
    expect(() => decodeKvKey('=FF')).toThrow('[svc] [bus]')
  })
})

const dirs: string[] = []
let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

runDriverContract('local', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-kv-driver-'))
  dirs.push(dir)
  return createLocalBus({ dataDir: dir })
})
runDriverContract('nats', () => createNatsBus({ url: server.url }))

function runDriverContract(name: string, makeBus: () => Promise<Bus>): void {
  describe(`unstorage over the ${name} bus KV`, () => {
    let bus: Bus
    let driver: Driver
    let storage: Storage
    beforeEach(async () => {
      bus = await makeBus()
      driver = createBusKvDriver({ bus, bucket: `kv_${randomBytes(4).toString('hex')}` })
      storage = createStorage({ driver })
    })
    afterEach(async () => {
      await storage.dispose()
      await bus.close()
    })

    it('starts empty', async () => {
      expect(await storage.hasItem('s1')).toBe(false)
      expect(await storage.getItem('s1')).toBeNull()
      expect(await storage.getKeys()).toEqual([])
    })

    it('stores strings, numbers and objects', async () => {
      await storage.setItem('text', 'hello')
      await storage.setItem('count', 42)
      await storage.setItem('session', { user: 'ann', groups: ['staff'] })
      expect(await storage.hasItem('text')).toBe(true)
      expect(await storage.getItem('text')).toBe('hello')
      expect(await storage.getItem('count')).toBe(42)
      expect(await storage.getItem('session')).toEqual({ user: 'ann', groups: ['staff'] })
      expect((await storage.getKeys()).sort()).toEqual(['count', 'session', 'text'])
    })

    it('round-trips awkward keys exactly', async () => {
      for (const key of awkwardKeys) await storage.setItem(key, { key })
      for (const key of awkwardKeys) {
        expect(await storage.getItem(key), key).toEqual({ key })
        expect(await storage.hasItem(key), key).toBe(true)
      }
      // unstorage itself turns `/` into `:`; everything else comes back as set
      expect((await storage.getKeys()).sort()).toEqual(awkwardKeys.map(normalizeKey).sort())
    })

    it('stores raw bytes', async () => {
      const bytes = new Uint8Array([0, 1, 2, 253, 254, 255])
      await storage.setItemRaw('blob:ü', bytes)
      expect(await storage.getItemRaw('blob:ü')).toEqual(bytes)
    })

    it('removes items', async () => {
      await storage.setItem('gone soon', 'x')
      await storage.removeItem('gone soon')
      expect(await storage.hasItem('gone soon')).toBe(false)
      expect(await storage.getItem('gone soon')).toBeNull()
      expect(await storage.getKeys()).toEqual([])
    })

    it('lists and clears by base', async () => {
      for (const key of ['cases:1', 'cases:2 b', 'cases:x.y:z', 'casesX:1', 'mail:1']) await storage.setItem(key, key)
      expect((await storage.getKeys('cases')).sort()).toEqual(['cases:1', 'cases:2 b', 'cases:x.y:z'])
      expect(await storage.getKeys('cases:x.y')).toEqual(['cases:x.y:z'])
      expect((await storage.getKeys('', { maxDepth: 0 })).sort()).toEqual([])
      expect((await storage.getKeys('', { maxDepth: 1 })).sort()).toEqual([
        'cases:1',
        'cases:2 b',
        'casesX:1',
        'mail:1',
      ])
      // storage.clear(base) only reaches mounts below base, so ask the driver
      await driver.clear?.('cases:', {})
      expect((await storage.getKeys()).sort()).toEqual(['casesX:1', 'mail:1'])
      await storage.clear()
      expect(await storage.getKeys()).toEqual([])
    })

    it('watches updates and removals', async () => {
      const events: [string, string][] = []
      const unwatch = await storage.watch((event, key) => void events.push([event, key]))
      await storage.setItem('odd key: ø.$', 1)
      await storage.removeItem('odd key: ø.$')
      // Generous: on a loaded machine the watch's first delivery can take seconds.
      await waitFor(() => events.length >= 2, 15_000, 'two events')
      expect(events).toEqual([
        ['update', 'odd key: ø.$'],
        ['remove', 'odd key: ø.$'],
      ])
      await unwatch()
    })
  })
}
