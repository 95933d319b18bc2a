// Forged cookies: a session id made up, tampered with, reused after sign-out,
// or shaped to reach other keys of the session store; cookies claiming a
// person or a group; a storyline cookie with junk in it. Each must leave the
// caller a signed-out visitor, never someone else, and never break the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch, postForm, readForm } from '../auth/cookie-fetch'
import { rawRequest } from '../support/raw-http'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

/** Who /auth/me says the cookie belongs to: 401 for nobody. */
async function whoIs(cookie: string): Promise<{ status: number; body: string; cleared: boolean }> {
  const answer = await rawRequest(site.base, '/auth/me', { headers: { cookie } })
  const cookies = [answer.headers['set-cookie'] ?? []].flat()
  return { status: answer.status, body: answer.body, cleared: cookies.some((line) => /^svc_session=;/.test(line)) }
}

describe('forged cookies', () => {
  it('a made-up or store-shaped session id is a signed-out visitor told to drop the cookie; pages work', async () => {
    const forged = [
      'forged',
      'A'.repeat(43),
      'A'.repeat(5000),
      '../../etc/passwd',
      '*',
      '>',
      'svc.*',
      'a.b.c',
      '%00',
      '%2e%2e%2f',
      '"quoted"',
      '{"user":{"subject":"kari","groups":["caseworkers"]}}',
      encodeURIComponent('{"user":{"subject":"kari"}}'),
    ]
    for (const id of forged) {
      const me = await whoIs(`svc_session=${id}`)
      expect(me.status, id).toBe(401)
      expect(me.cleared, id).toBe(true)
      const page = await rawRequest(site.base, '/about', {
        headers: { cookie: `svc_story=plain; svc_session=${id}` },
      })
      expect(page.status, id).toBe(200)
    }
  })

  it('a real session id with one character changed is nobody; signed out, the real one is nobody too', async () => {
    const nora = await site.as('nora')
    const id = nora.cookie(site.base, 'svc_session') ?? ''
    expect((await whoIs(`svc_session=${id}`)).status).toBe(200)
    const last = id.at(-1) === 'A' ? 'B' : 'A'
    for (const tampered of [
      `${id.slice(0, -1)}${last}`,
      `${id}A`,
      id.slice(1),
      id.toLowerCase() === id ? id.toUpperCase() : id.toLowerCase(),
    ]) {
      const me = await whoIs(`svc_session=${tampered}`)
      expect(me.status, tampered).toBe(401)
      expect(me.body).not.toContain('nora@example.org')
    }
    const leaving = createCookieFetch()
    leaving.setCookie(site.base, 'svc_session', id)
    const form = readForm(await (await leaving(`${site.base}/auth/sign-out`)).text(), site.base)
    expect((await postForm(leaving, form.action, form.fields)).status).toBe(303)
    expect((await whoIs(`svc_session=${id}`)).status).toBe(401)
  })

  it('cookies claiming a person or a group open nothing', async () => {
    const claims = 'svc_story=plain; svc_user=kari; user=kari; groups=caseworkers; svc_groups=caseworkers; role=admin'
    expect((await whoIs(claims)).status).toBe(401)
    for (const path of ['/desk/caseworkers', '/staff']) {
      const answer = await rawRequest(site.base, path, { headers: { cookie: claims } })
      expect([302, 303, 401, 403, 404], path).toContain(answer.status)
      expect(answer.body, path).not.toContain('Pothole reports')
    }
  })

  it('a storyline cookie that names no storyline gets a real one, and its junk is not echoed', async () => {
    for (const story of [
      'nonsense',
      '<script>x</script>',
      'plain"; x=1',
      'A'.repeat(4000),
      '__proto__',
      'constructor',
    ]) {
      const answer = await rawRequest(site.base, '/about', { headers: { cookie: `svc_story=${story}` } })
      expect(answer.status, story).toBe(200)
      expect(String(answer.headers['set-cookie']), story).toMatch(/^svc_story=(plain|story);/)
      expect(answer.body, story).not.toContain(story)
    }
  })
})
