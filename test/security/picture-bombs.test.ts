// A picture bomb: a 16383x16383 progressive JPEG of one colour is 1.5 MB on
// the wire, under sharp's own pixel limit, and took 1.7 GB to decode for its
// preview; three at once took the service to 6.5 GB. Now a picture over the
// pixel budget is judged from its header, kept and shown without a preview,
// previews are made two at a time, in a worker process under a memory limit,
// and the service stays small: it never loads the decoder at all.
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DevSite } from './dev-site'
import type { TestS3 } from '../support/s3-server'
import { filedId } from '../visitor/visitor-client'
import { fileWithFiles, jpeg, storedKeys, useStoreSite } from '../files/upload-client'

const SIDE = 16383
const CACHE = join(tmpdir(), 'svc-test-cache')
const BOMB = join(CACHE, `bomb-${SIDE}-progressive.jpg`)

/** Made once per machine: encoding it takes a while and much memory, reading it takes neither. */
async function pictureBomb(): Promise<Buffer> {
  if (!existsSync(BOMB)) {
    mkdirSync(CACHE, { recursive: true })
    const partial = `${BOMB}.${process.pid}`
    await sharp({ create: { width: SIDE, height: SIDE, channels: 3, background: '#7a5230' }, limitInputPixels: false })
      .jpeg({ progressive: true, quality: 80 })
      .toFile(partial)
    renameSync(partial, BOMB)
  }
  return readFileSync(BOMB)
}

/** The most memory the process has held (VmHWM), in MB. */
function peakMb(pid: number): number {
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? Number.NaN) / 1024
}

const world = useStoreSite()
let s3: TestS3
let site: DevSite
let bomb: Buffer
beforeAll(async () => {
  s3 = world.s3()
  site = world.site()
  bomb = await pictureBomb()
})

describe('Security: picture bombs', () => {
  it('the bomb, then three at once, are filed and kept without a preview, and the service stays under 500 MB', async () => {
    const header = await sharp(bomb).metadata()
    expect([header.width, header.height, header.isProgressive]).toEqual([SIDE, SIDE, true])
    const file = (street: string) =>
      fileWithFiles(site.visitor(), site.base, { street, kind: 'pothole' }, [
        { name: 'photo', bytes: bomb, filename: 'bomb.jpg' },
      ])
    const before = await storedKeys(s3)
    const filed = [await file('Bomb Street 1'), ...(await Promise.all([2, 3, 4].map((n) => file(`Bomb Street ${n}`))))]
    expect(filed.map((response) => response.status)).toEqual([303, 303, 303, 303])
    expect(peakMb(site.server.pid)).toBeLessThan(500)

    const added = (await storedKeys(s3)).filter((key) => !before.includes(key))
    expect(added).toHaveLength(4)
    expect(added.filter((key) => key.endsWith('.preview.webp'))).toEqual([])
    // The case shows the file, linked, without a preview.
    const id = filedId(filed[0]!)
    const desk = await (await (await site.as('kari'))(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    expect(desk).toContain(`href="/attachment/potholes/${id}/photo"`)
    expect(desk).not.toContain('?preview=1')
    const original = await (await site.as('kari'))(`${site.base}/attachment/potholes/${id}/photo`)
    expect(Buffer.from(await original.arrayBuffer()).equals(bomb)).toBe(true)
  })

  it('a picture within the budget gets its preview from the worker: the service itself never loads libvips', async () => {
    const before = await storedKeys(s3)
    const filed = await fileWithFiles(site.visitor(), site.base, { street: 'Small Street 1', kind: 'pothole' }, [
      { name: 'photo', bytes: await jpeg(), filename: 'photo.jpg' },
    ])
    expect(filed.status).toBe(303)
    const added = (await storedKeys(s3)).filter((key) => !before.includes(key))
    expect(added.filter((key) => key.endsWith('.preview.webp'))).toHaveLength(1)
    expect(readFileSync(`/proc/${site.server.pid}/maps`, 'utf8')).not.toContain('libvips')
    expect(peakMb(site.server.pid)).toBeLessThan(300)
  })
})
