// A planted visitor cookie: whoever sets `svc_visitor` in someone else's
// browser (a shared computer, a sibling subdomain, a plain-http answer) must
// get nothing that browser files after it, whether or not its visitor ever
// signs in or out, and on https the cookies carry the `__Host-` prefix, which
// only the site itself can set.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VISITOR_FILING_VALUES, withFilingValue } from '../../server/visitor/visitor-cookie'
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

  it('a sign-in begun and left unfinished: what the browser files meanwhile is not the planter’s either', async () => {
    const attacker = browser(PLANTED)
    const victim = browser(PLANTED)
    expect((await victim(`${world.service}/auth/sign-in?return=%2F`)).status).toBe(302)
    const street = 'Fixation Fjord 2'
    const id = await file(victim, street)
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

const value = () => randomBytes(16).toString('base64url')
const notHere = async (client: CookieFetch, id: string) => {
  const answer = await client(`${world.service}/my/potholes/${id}`)
  return { status: answer.status, body: (await answer.text()).replaceAll(id, '{id}') }
}

describe('Security: a planted visitor cookie and a visitor who never signs in or out', () => {
  const cases: { street: string; id: string }[] = []
  let victim: CookieFetch

  beforeAll(async () => {
    victim = browser(PLANTED)
    for (const street of ['Planted Path 1', 'Planted Path 2']) cases.push({ street, id: await file(victim, street) })
  })

  it('each filing is filed under a value drawn for it: the planter sees neither case, the same 404 as any other', async () => {
    const attacker = browser(PLANTED)
    const mine = await (await attacker(`${world.service}/my-reports`)).text()
    const unknown = await notHere(attacker, 'P-00000000')
    expect(unknown.status).toBe(404)
    for (const { street, id } of cases) {
      expect(mine).not.toContain(street)
      expect(await notHere(attacker, id)).toEqual({ ...unknown, body: unknown.body.replaceAll('P-00000000', '{id}') })
    }
    const values = victim.cookie(world.service, 'svc_visitor')?.split('.') ?? []
    expect(values).toHaveLength(3)
    expect(values[0]).toBe(PLANTED)
  })

  it('the browser that filed sees both, also with junk or more values than it keeps in its cookie', async () => {
    for (const { street, id } of cases) expect(await sees(victim, id, street)).toBe(true)
    const [first, ...filings] = victim.cookie(world.service, 'svc_visitor')?.split('.') ?? []
    const padded = Array.from({ length: VISITOR_FILING_VALUES + 5 }, value)
    for (const cookie of [
      `${first}.not a value..${'A'.repeat(23)}.${filings.join('.')}.%%`,
      [first, ...padded, ...filings].join('.'),
    ]) {
      const other = browser(cookie)
      const mine = await other(`${world.service}/my-reports`)
      expect(mine.status).toBe(200)
      const text = await mine.text()
      for (const { street, id } of cases) {
        expect(text).toContain(street)
        expect((await other(`${world.service}/my/potholes/${id}`)).status).toBe(200)
      }
    }
  })

  it('signing in claims the cases of every value in the cookie', async () => {
    await signIn(victim, world.service, 'vera')
    const mine = await (await victim(`${world.service}/my-reports`)).text()
    for (const { street, id } of cases) {
      expect(mine).toContain(street)
      expect((await victim(`${world.service}/my/potholes/${id}`)).status).toBe(200)
    }
  })

  it('the cookie keeps its first value and its newest filing values, the oldest dropping off', () => {
    const first = value()
    let values: readonly string[] = [first]
    const drawn = Array.from({ length: VISITOR_FILING_VALUES + 3 }, value)
    for (const fresh of drawn) values = withFilingValue(values, fresh)
    expect(values).toEqual([first, ...drawn.slice(-VISITOR_FILING_VALUES)])
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
