// Attacks on uploads: multipart bodies with a thousand parts or a hundred
// files, a body cut off midway, one larger than the form takes sent without
// a length, files before the form's own fields or without its CSRF token, a
// 5,000-character or NUL-laden file name. Each gets a clear answer and
// nothing is left in the object store.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { request, type ClientRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import type { DevSite } from './dev-site'
import type { TestS3 } from '../support/s3-server'
import { bucketForm, filedId, openPage, type CookieFetch } from '../visitor/visitor-client'
import { jpeg, postFiles, storedKeys, useStoreSite } from '../files/upload-client'

// The service's own temporary folder: an upload to S3 is spooled there, and nothing may be left behind.
const spool = mkdtempSync(join(tmpdir(), 'svc-spool-'))
afterAll(() => rmSync(spool, { recursive: true, force: true }))
const world = useStoreSite({ TMPDIR: spool })
let s3: TestS3
let site: DevSite
beforeAll(() => {
  s3 = world.s3()
  site = world.site()
})

const BOUNDARY = '----svc-test-boundary'

function part(name: string, value: string | Buffer, filename?: string): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`
  const type = filename === undefined ? '' : 'Content-Type: image/jpeg\r\n'
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ])
}

/** The service's own hidden fields of a fresh form, as multipart parts. */
async function formParts(client: CookieFetch): Promise<Buffer[]> {
  const form = bucketForm((await openPage(client, `${site.base}/`)).html, site.base, 'potholes')
  return Object.entries({ ...form.hidden, street: 'Attack Alley', kind: 'pothole' }).map(([n, v]) => part(n, v))
}

/** Sends a raw multipart body with the client's cookies; `cut` ends the request early, `chunked` sends no length. */
function sendRaw(
  client: CookieFetch,
  body: Buffer,
  options: { cut?: number; chunked?: boolean } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(`${site.base}/file/potholes`)
  const cookie = ['svc_visitor', 'svc_session', 'svc_story']
    .map((name) => [name, client.cookie(url, name)])
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ')
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        cookie,
        origin: site.base,
        ...(options.chunked ? {} : { 'content-length': String(body.length) }),
      },
    })
    let answered = false
    req.on('response', (res) => {
      answered = true
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    // A sender still writing when the service has answered and stopped reading sees its socket close: the answer counts.
    req.on('error', (error) => (options.cut === undefined && !answered ? reject(error) : undefined))
    if (options.chunked) return void writeUntilAnswered(req, body, () => answered)
    if (options.cut === undefined) return req.end(body)
    req.write(body.subarray(0, options.cut))
    setTimeout(() => req.destroy(), 300)
    setTimeout(() => resolve({ status: 0, text: 'cut off' }), 400)
  })
}

/** Writes as a browser does, a piece at a time as the socket takes it, and stops once the service has answered. */
async function writeUntilAnswered(req: ClientRequest, body: Buffer, answered: () => boolean): Promise<void> {
  const PIECE = 64 * 1024
  for (let at = 0; at < body.length && !answered() && !req.destroyed; at += PIECE) {
    if (!req.write(body.subarray(at, at + PIECE)))
      await new Promise<void>((resolve) => {
        const go = () => {
          req.off('drain', go)
          req.off('close', go)
          resolve()
        }
        req.once('drain', go)
        req.once('close', go)
      })
  }
  if (!answered() && !req.destroyed) req.end()
}

const end = Buffer.from(`--${BOUNDARY}--\r\n`)

describe('Security: uploads', () => {
  it('a body of 1,000 parts, or of 100 files, is refused as too much, and nothing is stored', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const photo = await jpeg(32, 32)
    const parts = Array.from({ length: 1000 }, (_, i) => part(`extra${i}`, 'x'))
    const many = await sendRaw(visitor, Buffer.concat([...(await formParts(visitor)), ...parts, end]))
    expect(many.status).toBe(413)
    const files = Array.from({ length: 100 }, () => part('photo', photo, 'p.jpg'))
    const hundred = await sendRaw(visitor, Buffer.concat([...(await formParts(visitor)), ...files, end]))
    expect(hundred.status).toBe(413)
    expect(await storedKeys(s3)).toEqual(before)
  })

  it('a body cut off midway stores nothing, and a body past the form’s limit without a length is refused', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const photo = await jpeg(1200, 900)
    const body = Buffer.concat([...(await formParts(visitor)), part('photo', photo, 'p.jpg'), end])
    await sendRaw(visitor, body, { cut: body.length - Math.floor(photo.length / 2) })
    const huge = Buffer.concat([
      ...(await formParts(visitor)),
      part('photo', Buffer.alloc(20 * 1024 * 1024), 'p.jpg'),
      end,
    ])
    const refused = await sendRaw(visitor, huge, { chunked: true })
    expect(refused.status).toBe(413)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await storedKeys(s3)).toEqual(before)
    expect(readdirSync(spool)).toEqual([])
  })

  it('a file sent before the form’s own fields, or without its CSRF token, is not stored', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const photo = await jpeg(64, 64)
    const fields = await formParts(visitor)
    const early = await sendRaw(visitor, Buffer.concat([part('photo', photo, 'p.jpg'), ...fields, end]))
    expect(early.status).toBe(422)
    expect(readPage(early.text).text('#f-potholes-photo-error')).toContain('could not be taken')
    const noCsrf = fields.filter((p) => !p.toString().includes('name="svc_csrf"'))
    const forged = await sendRaw(visitor, Buffer.concat([...noCsrf, part('photo', photo, 'p.jpg'), end]))
    expect(forged.status).toBe(403)
    expect(await storedKeys(s3)).toEqual(before)
  })

  it('a file name with path separators, NUL bytes or 5,000 characters is kept cleaned and short', async () => {
    const visitor = site.visitor()
    const form = bucketForm((await openPage(visitor, `${site.base}/`)).html, site.base, 'potholes')
    const name = `..\\..\\windows/${'n'.repeat(5000)}\u0000.jpg`
    const filed = await postFiles(visitor, form, { street: 'Name Street', kind: 'pothole' }, [
      { name: 'photo', bytes: await jpeg(64, 64), filename: name },
    ])
    const id = filedId(filed)
    const answer = await visitor(`${site.base}/attachment/potholes/${id}/photo`)
    const disposition = answer.headers.get('content-disposition') ?? ''
    expect(disposition).toMatch(/^inline; filename="n{116}\.jpg"; /)
    expect(disposition).not.toMatch(/windows|\\\\|%00/)
  })
})
