// Oversized bodies: posts, headers and addresses far larger than anything the
// service needs, meant to exhaust its memory. Each is refused early, nothing
// is filed, and the service keeps answering.
import { createHmac } from 'node:crypto'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bucketForm, createCookieFetch, openPage, type CookieFetch } from '../visitor/visitor-client'
import { rawExchange } from '../support/raw-http'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'

const SECRET = 'oversize-webhook-secret'
const MB = 1024 * 1024

let server: RunningServer
let base: string
let client: CookieFetch
let cookie: string
let fields: Record<string, string>
beforeAll(async () => {
  // Signed in (development provider), so sign-out has a session to end and must read its form.
  const dev = await startDevServer({ CONTENT_WEBHOOK_SECRET: SECRET })
  server = dev
  base = dev.site
  client = createCookieFetch()
  client.setCookie(base, 'svc_story', 'plain')
  await signInAs(client, base, 'nora')
  const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
  cookie = `svc_story=plain; svc_session=${client.cookie(base, 'svc_session') ?? ''}`
  fields = { ...form.hidden, street: 'Huge Road 1', kind: 'pothole' }
})
afterAll(() => server?.stop())

const counts = async () => (await fetch(`${base}/report`)).text()

/**
 * Sends up to `total` bytes chunked, with no length announced, and gives the
 * status the service answered with. It may answer (and close) long before
 * the last chunk: sending stops as soon as an answer arrives. 0: the
 * connection was closed on the sender; a close with bytes still unread is a
 * reset, which may reach the sender before the answer does.
 */
function streamPost(path: string, contentType: string, first: string, total: number): Promise<number> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve) => {
    let received = ''
    const socket = connect({ host: hostname, port: Number(port) })
    const answered = () => /^HTTP\/1\.1 (\d{3}) /.exec(received)
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1')
      const status = answered()
      if (status) {
        resolve(Number(status[1]))
        socket.destroy()
      }
    })
    // A write after the service closed fails; the answer it sent before closing is what counts.
    socket.on('error', () => undefined)
    socket.on('close', () => resolve(0))
    const frame = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: ` +
        `chunked\r\n\r\n${frame(first)}`,
    )
    const chunk = frame('a'.repeat(64 * 1024))
    let sent = first.length
    const pump = () => {
      while (sent < total && !answered() && !socket.destroyed) {
        sent += 64 * 1024
        if (!socket.write(chunk)) return void socket.once('drain', pump)
      }
      if (!answered() && !socket.destroyed) socket.write('0\r\n\r\n')
    }
    pump()
  })
}

describe('oversized bodies', () => {
  it('a form post declaring 1 GB is refused with 413 before a byte is read', async () => {
    const wire = await rawExchange(
      base,
      `POST /file/potholes HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nContent-Type: ` +
        `application/x-www-form-urlencoded\r\nContent-Length: ${1024 * MB}\r\nConnection: close\r\n\r\n`,
    )
    expect(wire.head).toMatch(/^HTTP\/1\.1 413 /)
  })

  it(
    'form posts that grow past their cap while arriving are answered 413, not a reset: url-encoded, multipart, ' +
      'a desk move, a self move, sign-out',
    async () => {
      const before = await counts()
      const encoded = `${new URLSearchParams(fields).toString()}&details=`
      expect(await streamPost('/file/potholes', 'application/x-www-form-urlencoded', encoded, 4 * MB)).toBe(413)
      const boundary = 'x-boundary'
      const part =
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="big.jpg"\r\nContent-Type: ` +
        `image/jpeg\r\n\r\n`
      expect(await streamPost('/file/potholes', `multipart/form-data; boundary=${boundary}`, part, 24 * MB)).toBe(413)
      for (const path of [
        '/self/potholes/AAAAAAAAAAAAAAAAAAAAAA',
        '/desk/caseworkers/potholes/AAAAAAAAAAAAAAAAAAAAAA/move',
        '/auth/sign-out',
      ]) {
        expect([403, 413], path).toContain(
          await streamPost(path, 'application/x-www-form-urlencoded', 'svc_csrf=x&a=', 4 * MB),
        )
      }
      expect(await counts()).toBe(before)
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    },
  )

  it('a browser posting a few megabytes over the cap reads the 413, not a network error', async () => {
    const before = await counts()
    const body = `${new URLSearchParams(fields).toString()}&details=${'a'.repeat(3 * MB)}`
    for (let i = 0; i < 5; i++) {
      const response = await client(`${base}/file/potholes`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
      expect(response.status).toBe(413)
    }
    expect(await counts()).toBe(before)
  })

  it('many small fields within the byte cap are parsed and answered like any other post', async () => {
    const many = `${new URLSearchParams(fields).toString()}${'&a=1'.repeat(15_000)}`
    const response = await client(`${base}/file/potholes`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: many,
    })
    expect([303, 400, 413, 422]).toContain(response.status)
    expect((await fetch(`${base}/healthz`)).status).toBe(200)
  })

  it('a signed webhook body over 1 MB is refused with 413', async () => {
    const big = JSON.stringify({ ref: 'refs/heads/main', padding: 'x'.repeat(2 * MB) })
    const response = await fetch(`${base}/hooks/content`, {
      method: 'POST',
      body: big,
      headers: {
        'x-github-event': 'push',
        'x-github-delivery': 'big-1',
        'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(big).digest('hex')}`,
      },
    })
    expect(response.status).toBe(413)
  })

  it(
    'headers and addresses of tens of kilobytes are refused by the server before any route, and it keeps ' +
      'answering',
    async () => {
      const huge = 'a'.repeat(64 * 1024)
      // Node answers 431 and drops the connection with the rest unread; the
      // reset that follows may beat the answer to the caller, who then sees nothing.
      const header = await rawExchange(
        base,
        `GET /about HTTP/1.1\r\nHost: x\r\nCookie: svc_story=plain; junk=${huge}\r\nConnection: close\r\n\r\n`,
      )
      expect(header.head.slice(0, 12)).toMatch(/^(HTTP\/1\.1 431)?$/)
      const address = await rawExchange(base, `GET /about?q=${huge} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
      expect(address.head.slice(0, 12)).toMatch(/^(HTTP\/1\.1 431)?$/)
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    },
  )
})
