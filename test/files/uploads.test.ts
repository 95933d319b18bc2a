// Issue 11, uploads (SPEC 1 rule 5, SPEC 2 Record rule 2): a file field's
// upload streams to the object store (s3rver here) under a key the service
// makes; the record keeps the key, the cleaned name, the size and the type
// read from the bytes; pictures get a preview; the file comes back through
// /attachment to those who may see it.
import { beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import type { DevSite } from '../security/dev-site'
import type { TestS3 } from '../support/s3-server'
import { bucketForm, filedId, openPage, type CookieFetch } from '../visitor/visitor-client'
import { fileWithFiles, jpeg, postFiles, storedKeys, useStoreSite } from './upload-client'

const world = useStoreSite()
let s3: TestS3
let site: DevSite
beforeAll(() => {
  s3 = world.s3()
  site = world.site()
})

const get = async (client: CookieFetch, path: string) => {
  const response = await client(`${site.base}${path}`)
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
}

describe('SPEC 1 rule 5: a type: file field stores the upload in the object store and keeps only its key', () => {
  it('a photo is stored under a key the service made, with a preview, and read back through /attachment', async () => {
    const visitor = site.visitor()
    const photo = await jpeg()
    const before = await storedKeys(s3)
    const filed = await fileWithFiles(visitor, site.base, { street: 'Photo Road 1', kind: 'pothole' }, [
      { name: 'photo', bytes: photo, filename: '../../etc/My "hole"\u0000.jpg', type: 'text/html' },
    ])
    expect(filed.status).toBe(303)
    const id = filedId(filed)
    const added = (await storedKeys(s3)).filter((key) => !before.includes(key))
    expect(added).toHaveLength(2)
    expect(added[0]).toMatch(new RegExp(`^uploads/potholes/${id}/photo/[0-9a-f]{24}$`))
    expect(added[1]).toBe(`${added[0]}.preview.webp`)

    const original = await get(visitor, `/attachment/potholes/${id}/photo`)
    expect(original.status).toBe(200)
    expect(original.bytes.equals(photo)).toBe(true)
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    expect(original.headers.get('content-disposition')).toBe(
      `inline; filename="My hole.jpg"; filename*=UTF-8''My%20hole.jpg`,
    )
    expect(original.headers.get('x-content-type-options')).toBe('nosniff')
    expect(original.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
    expect(original.headers.get('cache-control')).toMatch(/^private/)

    // Asked again with what the reader has, it is a 304 without the file.
    const etag = original.headers.get('etag') ?? ''
    expect(etag).toMatch(/^"[\w-]{22}"$/)
    const again = await visitor(`${site.base}/attachment/potholes/${id}/photo`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
    // A stranger with the same tag still gets nothing.
    const stranger = await site.visitor()(`${site.base}/attachment/potholes/${id}/photo`, {
      headers: { 'if-none-match': etag },
    })
    expect(stranger.status).toBe(404)
    const preview = await get(visitor, `/attachment/potholes/${id}/photo?preview=1`)
    expect(preview.headers.get('content-type')).toBe('image/webp')
    expect(preview.bytes.length).toBeLessThan(photo.length / 2)

    // The case page and the desk show the preview and link the file, never the key.
    const mine = await (await visitor(`${site.base}/my/potholes/${id}`)).text()
    expect(mine).toContain(`src="/attachment/potholes/${id}/photo?preview=1"`)
    expect(mine).toContain('My hole.jpg')
    const desk = await (await (await site.as('kari'))(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    expect(desk).toContain(`href="/attachment/potholes/${id}/photo"`)
    expect(desk).toContain(`src="/attachment/potholes/${id}/photo?preview=1"`)
    for (const page of [mine, desk]) expect(page).not.toContain(added[0])
    const csv = await (await (await site.as('kari'))(`${site.base}/desk/caseworkers/potholes/export.csv`)).text()
    expect(csv).toContain(`/attachment/potholes/${id}/photo`)
    expect(csv).not.toContain('uploads/potholes')
    // A caseworker opens the full photo too.
    expect((await get(await site.as('kari'), `/attachment/potholes/${id}/photo`)).bytes.equals(photo)).toBe(true)
  })

  it('a refused file is told beside its field with the other answers kept, and nothing is stored', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const cases: [Uint8Array, string, RegExp][] = [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'photo.jpg', /not accepted/],
      [Buffer.from('#!/bin/sh\nrm -rf /\n'), 'photo.jpeg', /not accepted/],
      [new Uint8Array(0), 'empty.jpg', /empty/],
      [Buffer.concat([await jpeg(64, 64), Buffer.alloc(12 * 1024 * 1024)]), 'huge.jpg', /too large: at most 10 MB/],
    ]
    for (const [bytes, filename, error] of cases) {
      const refused = await fileWithFiles(visitor, site.base, { street: 'Kept Street 5', kind: 'crack' }, [
        { name: 'photo', bytes, filename, type: 'image/jpeg' },
      ])
      expect(refused.status, filename).toBe(422)
      const page = readPage(await refused.text())
      expect(page.text('#f-potholes-photo-error'), filename).toMatch(error)
      expect(page.one('#f-potholes-street').attributes.value).toBe('Kept Street 5')
    }
    expect(await storedKeys(s3)).toEqual(before)
  })

  it('a form posted twice with a photo keeps one record and one photo', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const photo = await jpeg(320, 240)
    const form = bucketForm((await openPage(visitor, `${site.base}/`)).html, site.base, 'potholes')
    const fields = { street: 'Twice Lane', kind: 'pothole' }
    const first = await postFiles(visitor, form, fields, [{ name: 'photo', bytes: photo, filename: 'a.jpg' }])
    const second = await postFiles(visitor, form, fields, [{ name: 'photo', bytes: photo, filename: 'a.jpg' }])
    expect(filedId(second)).toBe(filedId(first))
    const added = async () => (await storedKeys(s3)).filter((key) => !before.includes(key))
    await expect.poll(async () => (await added()).length).toBe(2)
    const [photoKey, previewOf] = await added()
    expect(photoKey).toContain(`uploads/potholes/${filedId(first)}/photo/`)
    expect(previewOf).toBe(`${photoKey}.preview.webp`)
    // The one the record names is the one served.
    expect((await visitor(`${site.base}/attachment/potholes/${filedId(first)}/photo`)).status).toBe(200)
  })
})
