// Sign-in when the identity provider is missing, down, or comes back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'
import { createCookieFetch } from './cookie-fetch'
import { me, ROLF } from './people'
import { startServiceWithIdp, type ServiceWithIdp } from './service-with-idp'
import { signIn, signInUntilCallback } from './sign-in-flow'

describe('production without IDP_URL', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ SVC_MODE: undefined, IDP_URL: undefined })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('shows a clear 503 page instead of falling back to any built-in provider', async () => {
    const response = await fetch(`${server.url}/auth/sign-in`, { redirect: 'manual' })
    expect(response.status).toBe(503)
    const page = await response.text()
    expect(page).toContain('Sign-in is not configured (IDP_URL is unset).')
    expect(page).not.toContain('role="note"')
    expect(server.output()).toContain('sign-in is off: IDP_URL is unset')
    // Production never even loads the development provider.
    expect(server.output()).not.toMatch(/DEVELOPMENT SIGN-IN|oidc-provider/)
  })
})

describe('an identity provider that is down', () => {
  let run: ServiceWithIdp
  beforeAll(async () => {
    run = await startServiceWithIdp({ accounts: [ROLF], idpUp: false })
  })
  afterAll(async () => {
    await run?.stop()
  })

  it('gives a clear 502 page at the start, and is found once it is back', async () => {
    const down = await fetch(`${run.service}/auth/sign-in`, { redirect: 'manual' })
    expect(down.status).toBe(502)
    const page = await down.text()
    expect(page).toContain('The sign-in service is not answering right now.')
    expect(page).not.toMatch(/fetch failed|ECONNREFUSED|node_modules/)

    // Discovery failed once; it is tried again rather than remembered.
    await run.startIdp()
    const client = createCookieFetch()
    expect(await signIn(client, run.service, 'rolf', '/about')).toBe('/about')
    expect((await me(client, run.service)).body).toMatchObject({
      subject: 'rolf',
      email: 'rolf@example.org',
      groups: ['road_crew'],
    })
  })

  it('gives a clear 502 page when it goes down before the callback', async () => {
    const client = createCookieFetch()
    const { callback } = await signInUntilCallback(client, run.service, 'rolf')
    await run.stopIdp()
    const response = await client(callback)
    expect(response.status).toBe(502)
    expect(await response.text()).toContain('The sign-in service is not answering right now.')
  })
})
