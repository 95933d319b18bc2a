import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { createEvent } from 'h3'
import { afterEach, describe, expect, it } from 'vitest'
import { FORM_TEXT_LIMIT, formBodyLimit } from '../../server/forms/body-limit'
import { readFormBody } from '../../utils/read-form-body'
import { DRAIN_BYTES } from '../../utils/read-body-within'
import { bucketOf, field } from './fixture'
import { postStream, serveForm, type FormServer } from './form-server'

const TEN_MB = 10 * 1024 * 1024
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' }

let server: FormServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function serve(maxBytes?: number): Promise<FormServer> {
  server = await serveForm(maxBytes === undefined ? {} : { maxBytes })
  return server
}

const post = (url: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', body, headers })

describe('readFormBody: url-encoded', () => {
  it('reads names and values, keeping the first of a repeated name', async () => {
    const { url } = await serve()
    const res = await post(url, 'street=Mill+Lane%2014&street=Other&note=%C3%85se&empty=&bare&svc_csrf=t', urlencoded)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ street: 'Mill Lane 14', note: 'Åse', empty: '', bare: '', svc_csrf: 't' })
  })

  it('accepts a charset parameter and any letter case in the type', async () => {
    const { url } = await serve()
    const res = await post(url, 'a=1', { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' })
    expect(await res.json()).toEqual({ a: '1' })
  })

  it.each(['a=%E0%A4%A', 'a=%zz', 'a=%FF'])('answers 400 to the malformed body %j', async (body) => {
    const { url } = await serve()
    expect((await post(url, body, urlencoded)).status).toBe(400)
  })

  it('holds a url-encoded body to the text allowance even when files are allowed', async () => {
    const { url } = await serve(TEN_MB)
    expect((await post(url, `a=${'x'.repeat(FORM_TEXT_LIMIT)}`, urlencoded)).status).toBe(413)
  })
})

describe('readFormBody: multipart', () => {
  it('reads text parts and file parts with their metadata and bytes', async () => {
    const { url } = await serve(1024 * 1024)
    const form = new FormData()
    form.append('street', 'Mill Lane')
    form.append('street', 'Other')
    form.append('photo', new Blob(['PNG bytes'], { type: 'image/png' }), 'hole.png')
    const res = await post(url, form)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      street: 'Mill Lane',
      photo: { filename: 'hole.png', type: 'image/png', size: 9, bytes: 'PNG bytes' },
    })
  })

  it('reads an empty file input as browsers send it: a nameless, empty file part', async () => {
    const { url } = await serve()
    const body =
      '--XyZ\r\nContent-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: ' +
      'application/octet-stream\r\n\r\n\r\n--XyZ--\r\n'
    const res = await post(url, body, { 'content-type': 'multipart/form-data; boundary=XyZ' })
    expect(await res.json()).toEqual({ photo: { filename: '', type: 'application/octet-stream', size: 0, bytes: '' } })
  })

  it.each([
    ['garbage', 'multipart/form-data; boundary=XyZ'],
    ['--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end', 'multipart/form-data; boundary=XyZ'],
    ['--XyZ--\r\n', 'multipart/form-data'],
  ])('answers 400 to a malformed body (%#)', async (body, type) => {
    const { url } = await serve()
    expect((await post(url, body, { 'content-type': type })).status).toBe(400)
  })
})

describe('readFormBody: other content types', () => {
  it.each(['application/json', 'text/plain', 'multipart/mixed; boundary=x', 'application/x-www-form-urlencodedx'])(
    'answers 415 to %s',
    async (type) => {
      const { url, refusals } = await serve()
      expect((await post(url, 'a=1', { 'content-type': type })).status).toBe(415)
      expect(refusals).toEqual([{ status: 415, bytesRead: expect.any(Number) }])
    },
  )

  it('answers 415 when there is no content type at all', async () => {
    const { url } = await serve()
    expect((await post(url, new Blob(['a=1']))).status).toBe(415)
  })
})

describe('readFormBody: size limits', () => {
  it('refuses a declared 10 MB body with 413 before any of it arrives', async () => {
    const { url, refusals } = await serve(1024)
    const headers = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(TEN_MB) }
    // Only the headers are sent: an answer proves the server did not wait for the body.
    expect(await postStream(url, headers, 0)).toBe(413)
    expect(await postStream(url, headers, TEN_MB)).toBe(413)
    expect(refusals.map((refusal) => refusal.status)).toEqual([413, 413])
  })

  it('cuts off a 10 MB body sent without a length once it passes the limit', async () => {
    const { url, refusals } = await serve(1024)
    expect(await postStream(url, { ...urlencoded, 'transfer-encoding': 'chunked' }, TEN_MB)).toBe(413)
    expect(refusals).toHaveLength(1)
    expect(refusals[0]?.bytesRead).toBeLessThan(1024 * 1024)
  })

  it('counts the bytes that arrive, whatever Content-Length claims', async () => {
    let produced = 0
    const req = new IncomingMessage(new Socket())
    req.method = 'POST'
    req.headers = { ...urlencoded, 'content-length': '10' }
    req._read = () => {
      produced++
      req.push(Buffer.alloc(64 * 1024, 'a'))
    }
    const refused = readFormBody(createEvent(req, new ServerResponse(req)), { maxBytes: 1024 })
    await expect(refused).rejects.toMatchObject({ statusCode: 413 })
    // Past the limit the rest is read only to be dropped, and only up to the
    // drain's bound: then the request is destroyed and nothing more is read.
    if (!req.destroyed) await new Promise<void>((resolve) => req.once('close', resolve))
    const atClose = produced
    await new Promise((resolve) => setImmediate(resolve))
    expect(produced).toBe(atClose)
    expect(produced * 64 * 1024).toBeLessThanOrEqual(DRAIN_BYTES + 4 * 64 * 1024)
  })

  it('accepts a body right at the limit', async () => {
    const { url } = await serve()
    const body = `a=${'x'.repeat(FORM_TEXT_LIMIT - 2)}`
    expect((await post(url, body, urlencoded)).status).toBe(200)
  })
})

describe('formBodyLimit', () => {
  it('is the text allowance plus each file field’s max_mb', () => {
    expect(formBodyLimit(bucketOf(field('street', 'text')))).toBe(FORM_TEXT_LIMIT)
    const files = bucketOf(field('a', 'file', { maxMb: 1 }), field('b', 'file', { maxMb: 2.5 }), field('c', 'file'))
    expect(formBodyLimit(files)).toBe(FORM_TEXT_LIMIT + 13.5 * 1024 * 1024)
  })
})
