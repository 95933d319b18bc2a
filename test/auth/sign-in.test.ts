// Signing in end to end: the built service against a real OpenID provider
// with its own login and consent pages, in production mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch } from './cookie-fetch'
import { me, KARI } from './people'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'
import { signIn, signInUntilCallback } from './sign-in-flow'

let run: ServiceWithIdp
let service: string
beforeAll(async () => {
  run = await startServiceWithIdp({
    accounts: [KARI],
    env: { OIDC_EXTRA_SCOPES: 'phoneNumber', IDP_GROUP_PREFIX: 'northvale_' },
  })
  service = run.service
})
afterAll(async () => {
  await run?.stop()
})

describe('Runtime configuration: IDP_URL, OAUTH2_CLIENT_ID, OAUTH2_CLIENT_SECRET: signing in', () => {
  it(
    "Authentication 1 (What the service does 2): goes through the provider's login and consent and lands on " +
      'the return path, knowing who signed in',
    async () => {
      const client = createCookieFetch()
      const start = await client(`${service}/auth/sign-in?return=${encodeURIComponent('/about?x=1')}`)
      expect(start.status).toBe(302)
      const authorize = new URL(start.headers.get('location') ?? '')
      expect(authorize.origin).toBe(run.idpUrl)
      expect(authorize.searchParams.get('scope')).toBe('openid profile email phoneNumber')
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${service}/auth/callback`)
      expect(authorize.searchParams.get('state')).toBeTruthy()
      expect(authorize.searchParams.get('nonce')).toBeTruthy()
      const cookie = start.headers.getSetCookie().find((line) => line.startsWith('svc_session=')) ?? ''
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).not.toMatch(/Secure/i)
      const before = client.cookie(service, 'svc_session')

      expect(await signIn(client, service, 'kari', '/about?x=1')).toBe('/about?x=1')
      expect(await me(client, service)).toEqual({
        status: 200,
        body: {
          subject: 'kari',
          name: 'Kari Nordmann',
          email: 'kari@example.org',
          phone: '+4791234567',
          groups: ['caseworkers', 'volunteers'],
        },
      })
      // The id is rotated at sign-in; the one from before it is worth nothing.
      const after = client.cookie(service, 'svc_session')
      expect(after).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(after).not.toBe(before)
      const planted = createCookieFetch()
      planted.setCookie(service, 'svc_session', before ?? '')
      expect((await me(planted, service)).status).toBe(401)
    },
  )

  it('returns to a local path only', async () => {
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect(await signIn(createCookieFetch(), service, 'kari', elsewhere)).toBe('/')
    }
  })

  it('refuses a callback whose state is not the one this browser started', async () => {
    const client = createCookieFetch()
    const { callback } = await signInUntilCallback(client, service, 'kari')
    callback.searchParams.set('state', 'not-the-state')
    const response = await client(callback)
    expect(response.status).toBe(400)
    const page = await response.text()
    expect(page).toContain('Sign-in did not complete; try again.')
    expect(page).toContain('href="/auth/sign-in?return=%2F"')
    expect(page).not.toMatch(/at \w+ \(|node_modules|Error:/)
    expect((await me(client, service)).status).toBe(401)
  })

  it('refuses a replayed code', async () => {
    const client = createCookieFetch()
    const { callback } = await signInUntilCallback(client, service, 'kari')
    const attacker = client.copy()
    expect((await client(callback)).status).toBe(302)
    // The same callback again, from the browser before and after it signed in.
    expect((await attacker(callback)).status).toBe(400)
    expect((await client(callback)).status).toBe(400)
    expect((await me(attacker, service)).status).toBe(401)
    expect((await me(client, service)).status).toBe(200)
  })

  it('refuses a sign-in the provider answered with an error', async () => {
    const client = createCookieFetch()
    const start = await client(`${service}/auth/sign-in`)
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const response = await client(
      `${service}/auth/callback?error=server_error&state=${state}&iss=${encodeURIComponent(run.idpUrl)}`,
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Sign-in did not complete; try again.')
    expect((await me(client, service)).status).toBe(401)
  })

  it('a sign-in the person cancelled (access_denied) says nothing changed and leads back to where they were', async () => {
    const client = createCookieFetch()
    const start = await client(`${service}/auth/sign-in?return=${encodeURIComponent('/about?x=1')}`)
    const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const response = await client(
      `${service}/auth/callback?error=access_denied&state=${state}&iss=${encodeURIComponent(run.idpUrl)}`,
    )
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('Not signed in')
    expect(page).toContain('<a href="/about?x=1">Back to where you were</a>')
    expect((await me(client, service)).status).toBe(401)
  })

  it('an access_denied answer for another sign-in than this browser began is refused, not taken as a cancel', async () => {
    const client = createCookieFetch()
    await client(`${service}/auth/sign-in?return=%2Fabout`)
    const response = await client(
      `${service}/auth/callback?error=access_denied&state=not-this-one&iss=${encodeURIComponent(run.idpUrl)}`,
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Sign-in did not complete; try again.')
  })
})
