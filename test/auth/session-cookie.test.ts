// The session cookie: forged ones, signing out, a restart, and Secure.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch, postForm, readForm } from './cookie-fetch'
import { KARI, me } from './people'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'
import { signIn } from './sign-in-flow'

const dataDir = mkdtempSync(join(tmpdir(), 'svc-auth-'))
let run: ServiceWithIdp
let service: string
beforeAll(async () => {
  run = await startServiceWithIdp({ accounts: [KARI], dataDir })
  service = run.service
})
afterAll(async () => {
  await run?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('sessions', () => {
  it('treat a forged, unknown or expired cookie as a signed-out visitor and clear it', async () => {
    for (const forged of ['forged', 'A'.repeat(43), '../../etc/passwd']) {
      const client = createCookieFetch()
      client.setCookie(service, 'svc_session', forged)
      const response = await client(`${service}/auth/me`)
      expect(response.status).toBe(401)
      expect(response.headers.getSetCookie().some((line) => /^svc_session=;/.test(line))).toBe(true)
      client.setCookie(service, 'svc_session', forged)
      expect((await client(`${service}/`)).status).toBe(200)
    }
  })

  it("sign out only with the session's CSRF token, which deletes the session and clears the cookie", async () => {
    const client = createCookieFetch()
    await signIn(client, service, 'kari')
    const id = client.cookie(service, 'svc_session') ?? ''
    const action = new URL(`${service}/auth/sign-out`)
    expect((await postForm(client, action, {})).status).toBe(403)
    expect((await postForm(client, action, { svc_csrf: 'guessed' })).status).toBe(403)
    expect((await me(client, service)).status).toBe(200)

    const form = readForm(await (await client(`${service}/auth/sign-out`)).text(), service)
    expect(Object.keys(form.fields)).toEqual(['svc_csrf'])
    const response = await postForm(client, form.action, form.fields)
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/')
    expect(client.cookie(service, 'svc_session')).toBeUndefined()
    const kept = createCookieFetch()
    kept.setCookie(service, 'svc_session', id)
    expect((await me(kept, service)).status).toBe(401)
  })

  it('read a sign-out post only within a small cap: a padded one is refused unread and the session kept', async () => {
    const client = createCookieFetch()
    await signIn(client, service, 'kari')
    const form = readForm(await (await client(`${service}/auth/sign-out`)).text(), service)
    const padded = await postForm(client, form.action, { ...form.fields, padding: 'x'.repeat(100_000) })
    expect(padded.status).toBe(403)
    expect((await me(client, service)).status).toBe(200)
  })

  it('Authentication 7: survive a restart of the service', async () => {
    const client = createCookieFetch()
    await signIn(client, service, 'kari')
    await run.restart()
    expect((await me(client, service)).body.email).toBe('kari@example.org')
  })
})

describe('the session cookie of an https site', () => {
  let https: ServiceWithIdp
  beforeAll(async () => {
    https = await startServiceWithIdp({ accounts: [KARI], env: { PUBLIC_URL: 'https://site.example' } })
  })
  afterAll(async () => {
    await https?.stop()
  })

  it('is Secure, and __Host- prefixed', async () => {
    const response = await fetch(`${https.service}/auth/sign-in`, { redirect: 'manual' })
    expect(response.status).toBe(302)
    expect(response.headers.getSetCookie().find((line) => line.startsWith('__Host-svc_session='))).toMatch(/; Secure/i)
  })
})
