// Issue 13 on the demo site in development with PEOPLE_BACKEND=idp: the
// development provider's SCIM side keeps the groups. The demo's responsible
// people get an account there and a mail in the outbox; one signs in by
// typing her address and holds RESPONSIBLE_GROUP; a caseworker invites a
// volunteer, who signs in and works the Street Watch desk, until a desk
// removes them at the provider.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { waitFor } from '../bus/wait'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'
import { invite, memberKey, postPeople } from './people-forms'

const dataDir = mkdtempSync(join(tmpdir(), 'svc-demo-idp-'))
const outbox = join(dataDir, 'outbox')
let server: RunningServer & { readonly site: string }

beforeAll(async () => {
  server = await startDevServer({ PEOPLE_BACKEND: 'idp', RESPONSIBLE_GROUP: 'stewards' }, { dataDir })
})
afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function mailTo(address: string) {
  let names: string[]
  try {
    names = readdirSync(outbox)
  } catch {
    return []
  }
  const parsed = await Promise.all(names.map(async (name) => simpleParser(readFileSync(join(outbox, name)))))
  return parsed.filter((mail) => (mail.to as { text: string } | undefined)?.text === address)
}
const me = async (client: ReturnType<typeof createCookieFetch>) =>
  (await (await client(`${server.site}/auth/me`)).json()) as { groups: string[] }

describe('PEOPLE_BACKEND=idp on the demo site in development', () => {
  it('Accounts the content mandates 1 and 2: a responsible person is mailed, signs in with her address and holds RESPONSIBLE_GROUP', async () => {
    await waitFor(async () => (await mailTo('kari.nordmann@example.org')).length === 1, 20_000, 'the mail')
    const [mail] = await mailTo('kari.nordmann@example.org')
    expect(mail?.subject).toMatch(/responsible/i)
    const kari = createCookieFetch()
    await signInAs(kari, server.site, 'kari.nordmann@example.org')
    expect((await me(kari)).groups).toEqual(['stewards'])
  })

  it('Authentication 5: a desk invite puts the person in the provider group; a removal there takes the desk away', async () => {
    const kari = createCookieFetch()
    await signInAs(kari, server.site, 'kari')
    const sent = await invite(kari, server.site, 'caseworkers', {
      name: 'Nils Neighbour',
      contact: 'nils.neighbour@example.org',
      group: 'volunteers',
    })
    expect(sent.location).toContain('done=invited')
    expect(sent.status).toBe(303)
    await waitFor(async () => (await mailTo('nils.neighbour@example.org')).length === 1, 15_000, 'the invite mail')
    const nils = createCookieFetch()
    await signInAs(nils, server.site, 'nils.neighbour@example.org')
    expect((await me(nils)).groups).toContain('volunteers')
    expect((await nils(`${server.site}/desk/street_watch`)).status).toBe(200)

    const view = await (await kari(`${server.site}/desk/caseworkers/people?group=volunteers`)).text()
    expect(view).toContain('Nils Neighbour')
    expect(view).toContain('at the identity provider')
    const key = memberKey(view, 'Nils Neighbour')
    expect(key).toMatch(/^volunteers:/)
    expect((await postPeople(kari, server.site, 'caseworkers', { do: 'remove', member: key })).status).toBe(303)
    const again = createCookieFetch()
    await signInAs(again, server.site, 'nils.neighbour@example.org')
    expect((await me(again)).groups).not.toContain('volunteers')
  })
})
