// A planted visitor cookie: whoever sets `svc_visitor` in someone else's
// browser (a shared computer, a sibling subdomain, a plain-http answer) must
// get nothing that browser files after a sign-in or sign-out, and on https
// the cookies carry the `__Host-` prefix, which only the site itself can set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch, postForm, readForm, type CookieFetch } from '../auth/cookie-fetch'
import { KARI } from '../auth/people'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import { useDeskWorld } from '../desk/desk-world'
import { fileThrough, filedId } from '../visitor/visitor-client'

const world = useDeskWorld()
const PLANTED = 'PlantedByTheAttacker01'

function browser(visitorCookie?: string): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(world.service, 'svc_story', 'plain')
  if (visitorCookie !== undefined) client.setCookie(world.service, 'svc_visitor', visitorCookie)
  return client
}

const file = async (client: CookieFetch, street: string) =>
  filedId(await fileThrough(client, world.service, '/', 'potholes', { street, kind: 'crack' }))
const sees = async (client: CookieFetch, id: string, street: string) => {
  const mine = await (await client(`${world.service}/my-reports`)).text()
  const page = await client(`${world.service}/my/potholes/${id}`)
  return mine.includes(street) || page.status === 200
}

async function signOut(client: CookieFetch): Promise<void> {
  const form = readForm(await (await client(`${world.service}/auth/sign-out`)).text(), world.service)
  expect((await postForm(client, form.action, form.fields)).status).toBe(303)
}

describe('Security: a planted visitor cookie', () => {
  it('signing in drops the value: what the browser files after signing out is not the planter’s', async () => {
    const attacker = browser(PLANTED)
    const victim = browser(PLANTED)
    await signIn(victim, world.service, 'vera')
    expect(victim.cookie(world.service, 'svc_visitor')).toBeUndefined()
    await signOut(victim)
    const street = 'Fixation Fjord 1'
    const id = await file(victim, street)
    expect(victim.cookie(world.service, 'svc_visitor')).not.toBe(PLANTED)
    expect(await sees(attacker, id, street)).toBe(false)
    expect(await sees(victim, id, street)).toBe(true)
  })

  it('signing out drops the value the signed-in person had, so the next visitor starts with a fresh one', async () => {
    const person = browser()
    await file(person, 'Shared Screen 1')
    const before = person.cookie(world.service, 'svc_visitor')
    expect(before).toBeDefined()
    await signIn(person, world.service, 'vera')
    await person(`${world.service}/`)
    const during = person.cookie(world.service, 'svc_visitor')
    await signOut(person)
    expect(person.cookie(world.service, 'svc_visitor')).toBeUndefined()
    // The next person at the same browser files under a value neither earlier one had.
    const street = 'Shared Screen 2'
    const id = await file(person, street)
    const next = person.cookie(world.service, 'svc_visitor')
    expect([before, during]).not.toContain(next)
    for (const old of [before, during].filter((value): value is string => value !== undefined))
      expect(await sees(browser(old), id, street)).toBe(false)
  })
})

describe('Security: cookies of an https site', () => {
  let https: ServiceWithIdp
  beforeAll(async () => {
    https = await startServiceWithIdp({ accounts: [KARI], env: { PUBLIC_URL: 'https://site.example' } })
  })
  afterAll(async () => {
    await https?.stop()
  })

  const setCookies = async (headers: Record<string, string> = {}) =>
    (await fetch(`${https.service}/`, { headers: { cookie: 'svc_story=plain', ...headers } })).headers.getSetCookie()

  it('the visitor and session cookies carry the __Host- prefix: Secure, Path=/, no Domain', async () => {
    const visitor = (await setCookies()).find((line) => line.startsWith('__Host-svc_visitor='))
    expect(visitor).toMatch(/; Path=\/(;|$)/)
    expect(visitor).toMatch(/; Secure/i)
    expect(visitor).not.toMatch(/; Domain=/i)
    const signIn = await fetch(`${https.service}/auth/sign-in`, { redirect: 'manual' })
    const session = signIn.headers.getSetCookie().find((line) => line.startsWith('__Host-svc_session='))
    expect(session).toMatch(/; Path=\/(;|$)/)
    expect(session).toMatch(/; Secure/i)
    expect(session).not.toMatch(/; Domain=/i)
  })

  it('an unprefixed cookie someone planted is never adopted', async () => {
    const lines = await setCookies({ cookie: `svc_story=plain; svc_visitor=${PLANTED}` })
    const made = lines.find((line) => line.startsWith('__Host-svc_visitor='))
    expect(made).toBeDefined()
    expect(made).not.toContain(PLANTED)
  })
})
