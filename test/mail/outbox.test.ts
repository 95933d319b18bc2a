// Issue 10, development: the service on the embedded bus runs the mailer
// inside itself, and without SMTP_URL each mail lands whole in
// DATA_DIR/outbox. Here: the demo's receipt after a visitor files with an
// address, in the visitor's storyline, with the case's reference.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startDevServer, type RunningServer } from '../support/server'

const dataDir = mkdtempSync(join(tmpdir(), 'svc-outbox-dev-'))
let server: RunningServer | undefined
afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function file(base: string, fields: Record<string, string>): Promise<string> {
  const home = await fetch(`${base}/`)
  const page = await home.text()
  const form = /<form[^>]*action="\/file\/potholes"[^>]*>([\s\S]*?)<\/form>/.exec(page)?.[1] ?? ''
  const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
    ([, name = '', value = '']) => [name, value] as [string, string],
  )
  const cookie = home.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const posted = await fetch(`${base}/file/potholes`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, origin: base },
    body: new URLSearchParams([...hidden, ...Object.entries(fields)]),
    redirect: 'manual',
  })
  expect(posted.status).toBe(303)
  return cookie
}

describe('Mail in development: the outbox', () => {
  it('a filing with an address gets the bucket receipt, in the outbox, in the visitor storyline', async () => {
    server = await startDevServer({}, { dataDir })
    const outbox = join(dataDir, 'outbox')
    await file(server.url, { street: 'Mill Lane 14', kind: 'pothole', email: 'ann@example.org' })
    await waitFor(() => mailsTo(outbox, 'ann@example.org').length === 1, 10_000, 'the receipt in the outbox')
    const [name = ''] = mailsTo(outbox, 'ann@example.org')
    const mail = await simpleParser(readFileSync(join(outbox, name)))
    expect((mail.to as { text: string }).text).toBe('ann@example.org')
    expect(mail.subject).toMatch(/Mill Lane 14/)
    expect(mail.text).toMatch(/(reference is|number) [2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}\b/)
    expect(mail.text).not.toContain('**')
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated')
    // A filing without an address asked for nothing.
    await file(server.url, { street: 'Bridge Road 2', kind: 'crack' })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(mailsTo(outbox, 'ann@example.org')).toHaveLength(1)
    // The demo's responsible person with an address was told so at start; nobody else got mail.
    expect(readdirSafe(outbox).length).toBe(2)
    expect(mailsTo(outbox, 'kari.nordmann@example.org')).toHaveLength(1)

    // /dev/outbox lists it, and opens it whole.
    const list = await (await fetch(`${server.url}/dev/outbox`)).text()
    expect(list).toContain('ann@example.org')
    expect(list).toContain(mail.subject ?? '')
    const opened = await fetch(`${server.url}/dev/outbox/${encodeURIComponent(name)}`)
    expect(opened.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await opened.text()).toContain('Auto-Submitted: auto-generated')
  })
})

/** The outbox files addressed to `address`. */
function mailsTo(outbox: string, address: string): string[] {
  return readdirSafe(outbox).filter((name) => readFileSync(join(outbox, name), 'utf8').includes(`\nTo: ${address}\r\n`))
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
