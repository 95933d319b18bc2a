// The site's own sender used against strangers: a filing with someone else's
// address and a street of "Go to https://evil.example/login now" mailed them
// a receipt with that headline and a clickable link. Now a visitor's words
// are never made a link or markup in either part, a value in a subject is cut
// to 60 characters, and one address gets at most 3 receipts an hour: the
// filing is kept either way and the case says no receipt went.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startDevSite, type DevSite } from './dev-site'
import { fileThrough, filedId } from '../visitor/visitor-client'

const dataDir = mkdtempSync(join(tmpdir(), 'svc-mail-abuse-'))
const outbox = join(dataDir, 'outbox')
let site: DevSite
beforeAll(async () => {
  site = await startDevSite({}, { DATA_DIR: dataDir })
})
afterAll(async () => {
  await site?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

function mailsTo(address: string): string[] {
  const names = existsSync(outbox) ? readdirSync(outbox) : []
  return names.filter((name) => readFileSync(join(outbox, name), 'utf8').includes(`\nTo: ${address}\r\n`))
}

async function file(street: string, email: string): Promise<string> {
  const filed = await fileThrough(site.visitor(), site.base, '/', 'potholes', { street, kind: 'pothole', email })
  expect(filed.status).toBe(303)
  return filedId(filed)
}

describe('Security: mail abuse', () => {
  it('a link in a visitor’s value is never made clickable, and a subject carries at most 60 characters of it', async () => {
    const street = 'Go to https://evil.example/login now or www.evil.example and [log in](https://evil.example) *now*'
    await file(street, 'victim@example.net')
    await waitFor(() => mailsTo('victim@example.net').length === 1, 10_000, 'the receipt')
    const mail: ParsedMail = await simpleParser(readFileSync(join(outbox, mailsTo('victim@example.net')[0]!)))
    const html = String(mail.html)
    expect(html).not.toMatch(/href="[^"]*evil/)
    expect(html).not.toContain('<em>now</em>')
    expect(html).toContain('https://evil.example/login')
    // The service's own link to the case is still a link.
    expect(html).toMatch(/<a href="http:\/\/localhost:\d+\/[^"]+"/)
    expect(mail.text).toContain('[log in](https://evil.example) *now*')
    expect(mail.text).not.toContain('(http://www.evil.example)')
    const value = mail.subject?.replace(/^We got your report on /, '') ?? ''
    expect([...value]).toHaveLength(60)
    expect(value.endsWith('…')).toBe(true)
  })

  it('one address gets at most 3 receipts an hour; every filing is kept and the others say no receipt went', async () => {
    const ids: string[] = []
    for (let n = 1; n <= 5; n++) ids.push(await file(`Flood Lane ${n}`, 'flooded@example.net'))
    const kari = await site.as('kari')
    const history = async (id: string) => (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    await waitFor(
      async () =>
        (await Promise.all(ids.map(history))).filter((page) => page.includes('No receipt was mailed')).length === 2,
      15_000,
      'two cases noting a skipped receipt',
    )
    expect(mailsTo('flooded@example.net')).toHaveLength(3)
    const pages = await Promise.all(ids.map(history))
    for (const page of pages) expect(page).toContain('Flood Lane')
    expect(pages.filter((page) => page.includes('3 receipts already went to that address this hour'))).toHaveLength(2)
  })
})
