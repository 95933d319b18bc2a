// One contract for every object store adapter, like the bus's: what put,
// get, delete and list promise, whatever keeps the bytes.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import type { ObjectStore } from '../../server/files/object-store'

const fresh = () => `t-${randomBytes(4).toString('hex')}`

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

export function runStoreContract(name: string, makeStore: () => ObjectStore | Promise<ObjectStore>): void {
  describe(`object store contract: ${name}`, () => {
    it('puts a stream and gets the same bytes back with their type', async () => {
      const store = await makeStore()
      const key = `${fresh()}/photo.jpg`
      const bytes = randomBytes(3 * 1024 * 1024 + 17)
      expect(await store.put(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), 'image/jpeg')).toBe(
        bytes.length,
      )
      const got = await store.get(key)
      expect(got?.contentType).toBe('image/jpeg')
      expect(got?.size).toBe(bytes.length)
      const chunks: Buffer[] = []
      for await (const chunk of got!.body) chunks.push(chunk as Buffer)
      expect(Buffer.concat(chunks).equals(bytes)).toBe(true)
    })

    it('a missing key is null, and deleting it is fine', async () => {
      const store = await makeStore()
      expect(await store.get(`${fresh()}/nothing`)).toBeNull()
      await store.delete(`${fresh()}/nothing`)
    })

    it('deletes, and lists keys under a prefix with when they were stored', async () => {
      const store = await makeStore()
      const prefix = fresh()
      const before = Date.now() - 60_000
      for (const part of ['a', 'b/c', 'b/d']) await store.put(`${prefix}/${part}`, Readable.from(['x']), 'text/plain')
      await store.put(`${fresh()}/other`, Readable.from(['y']), 'text/plain')
      const listed = await collect(store.list(`${prefix}/`))
      expect(listed.map((entry) => entry.key).sort()).toEqual([`${prefix}/a`, `${prefix}/b/c`, `${prefix}/b/d`])
      for (const entry of listed) expect(entry.lastModified.getTime()).toBeGreaterThan(before)
      await store.delete(`${prefix}/b/c`)
      expect(await store.get(`${prefix}/b/c`)).toBeNull()
      expect(await text((await store.get(`${prefix}/a`))!.body)).toBe('x')
    })

    it('a body that fails midway leaves nothing under the key', async () => {
      const store = await makeStore()
      const key = `${fresh()}/broken`
      const broken = new Readable({
        read() {
          this.push(Buffer.alloc(64 * 1024, 1))
          this.destroy(new Error('the client went away'))
        },
      })
      await expect(store.put(key, broken, 'application/octet-stream')).rejects.toThrow()
      expect(await store.get(key)).toBeNull()
    })

    it('refuses a key that is not one the service makes', async () => {
      const store = await makeStore()
      for (const key of ['../etc/passwd', 'a//b', '/abs', 'a/./b', 'a/../b', 'sp ace'])
        await expect(store.put(key, Readable.from(['x']), 'text/plain'), key).rejects.toThrow('not a store key')
    })
  })
}
