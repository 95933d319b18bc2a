// Issue 29, export: the zip of a person's data answers only the signed-in
// person. A browser that filed without signing in, a mailed case link's
// capability, a forged session cookie each get sign-in, not a byte of a case;
// signed in, a person's export holds their own cases (those filed in this
// browser before signing in among them) and not another's.
import { randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInAs } from '../visitor/dev-sign-in'
import { fileThrough, filedId } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

const STREET = `Exported Lane ${randomBytes(4).toString('hex')}`
let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
}, 60_000)
afterAll(async () => {
  await site?.stop()
})

describe('issue 29: the export answers only the signed-in person', () => {
  it('a browser that filed, a case link and a forged session get sign-in, not the case', async () => {
    const filer = site.visitor()
    const id = filedId(await fileThrough(filer, site.base, '/', 'potholes', { kind: 'pothole', street: STREET }))
    const tries = [
      await filer(`${site.base}/my/export`),
      await site.visitor()(`${site.base}/my/export?k=${id}`),
      await fetch(`${site.base}/my/export`, {
        headers: { cookie: `svc_session=${randomBytes(24).toString('base64url')}` },
        redirect: 'manual',
      }),
    ]
    for (const response of tries) {
      expect(response.status).toBe(302)
      expect(response.headers.get('content-type') ?? '').not.toContain('zip')
      expect(await response.text()).not.toContain(STREET)
    }
  })

  it('signed in, holds the cases this browser filed before and none of another person', async () => {
    const browser = site.visitor()
    const own = `${STREET} own`
    filedId(await fileThrough(browser, site.base, '/', 'potholes', { kind: 'pothole', street: own }))
    filedId(await fileThrough(site.visitor(), site.base, '/', 'potholes', { kind: 'pothole', street: `${STREET} x` }))
    await signInAs(browser, site.base, 'nora')
    const response = await browser(`${site.base}/my/export`)
    expect(response.status).toBe(200)
    const path = join(mkdtempSync(join(tmpdir(), 'export-')), 'export.zip')
    writeFileSync(path, Buffer.from(await response.arrayBuffer()))
    const cases = execFileSync('unzip', ['-p', path, 'cases.json']).toString()
    expect(cases).toContain(own)
    expect(cases).not.toContain(`${STREET} x`)
  })
})
