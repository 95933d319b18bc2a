// SPEC 4, /attachment rules 1 and 2 and SPEC 7 rule 4: a file is reachable
// only through a record the caller may see. A stranger, another visitor, a
// signed-in person without the bucket, a public visitor of a case in a public
// state (the photo is not a public field), a made-up record, a field that is
// not a file field and an empty file field all get the same answer; no route
// takes a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentDisposition } from '../../server/files/content-disposition'
import { startDevSite, type DevSite } from './dev-site'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { fileThrough, filedId, type CookieFetch } from '../visitor/visitor-client'
import { fileWithFiles, jpeg, storedKeys } from '../files/upload-client'

let s3: TestS3
let site: DevSite
let owner: CookieFetch
let id: string
let bare: string
let photo: Buffer
beforeAll(async () => {
  s3 = await startS3Server()
  site = await startDevSite({}, { ...s3.env })
  owner = site.visitor()
  photo = await jpeg(200, 150)
  id = filedId(
    await fileWithFiles(owner, site.base, { street: 'Attached Street', kind: 'pothole' }, [
      { name: 'photo', bytes: photo, filename: 'hole.jpg' },
    ]),
  )
  bare = filedId(await fileThrough(owner, site.base, '/', 'potholes', { street: 'Bare Street', kind: 'crack' }))
})
afterAll(async () => {
  await site?.stop()
  await s3?.stop()
})

const get = async (client: CookieFetch, path: string) => {
  const response = await client(`${site.base}${path}`)
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) }
}

describe('Security: attachments', () => {
  it('the same 404 for a stranger, another visitor, a signed-in outsider, a made-up record, a text or empty field', async () => {
    const stranger = site.visitor()
    const other = site.visitor()
    await other(`${site.base}/`)
    const key = (await storedKeys(s3)).find((k) => k.includes(`/${id}/photo/`)) ?? ''
    const answers = [
      await get(stranger, `/attachment/potholes/${id}/photo`),
      await get(other, `/attachment/potholes/${id}/photo?preview=1`),
      await get(await site.as('nora'), `/attachment/potholes/${id}/photo`),
      await get(owner, `/attachment/potholes/AAAAAAAAAAAAAAAA/photo`),
      await get(owner, `/attachment/potholes/${id}/street`),
      await get(owner, `/attachment/potholes/${bare}/photo`),
      await get(owner, `/attachment/nobucket/${id}/photo`),
      await get(stranger, `/attachment/potholes/${id}/photo?key=${encodeURIComponent(key)}`),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(404)
      expect(answer.body.toString()).toBe('No such file.\n')
    }
    // A key or a traversal in the path is no route at all: the site's own 404, without the file.
    for (const path of [`/attachment/${key}`, `/attachment/potholes/${id}/..%2F..%2Fphoto`, `/${key}`]) {
      const answer = await get(stranger, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body.includes(photo.subarray(0, 64)), path).toBe(false)
    }
  })

  it('a public view never shows a file its public fields do not list, even for a case in a public state', async () => {
    const kari = await site.as('kari')
    const desk = await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    const accept = /<form class="desk-move" method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(desk)
    const fields = Object.fromEntries(
      [...(accept?.[2] ?? '').matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, n = '', v = '']) => [n, v]),
    )
    expect(fields.edge).toBe('accept')
    const moved = await kari(`${site.base}${accept?.[1] ?? ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })
    expect(moved.status).toBe(303)
    expect((await get(site.visitor(), `/attachment/potholes/${id}/photo`)).status).toBe(404)
    // The desk reader and the submitter still get it.
    expect((await get(kari, `/attachment/potholes/${id}/photo`)).body.equals(photo)).toBe(true)
    expect((await get(owner, `/attachment/potholes/${id}/photo`)).body.equals(photo)).toBe(true)
  })

  it('anything but a raster picture is a download, never shown inline, its name quoted safely', () => {
    expect(contentDisposition('application/pdf', 'report.pdf')).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    )
    expect(contentDisposition('image/svg+xml', 'x.svg')).toMatch(/^attachment;/)
    expect(contentDisposition('text/html', 'x.html')).toMatch(/^attachment;/)
    expect(contentDisposition('image/png', 'Ærø "x".png')).toBe(
      `inline; filename="_r_ _x_.png"; filename*=UTF-8''%C3%86r%C3%B8%20%22x%22.png`,
    )
  })
})
