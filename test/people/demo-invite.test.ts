// Issue 12, done when, on the demo site in development (embedded bus, the
// development provider, mail to the outbox): a caseworker invites a volunteer,
// who follows the mailed link, signs in and works the Street Watch desk; a
// desk removes them and their next request is refused; the seed administrator
// of a fresh data directory is invited exactly once and, signed in, opens the
// desks of the most privileged group.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { waitFor } from '../bus/wait'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from '../visitor/dev-sign-in'
import { invite, invitePathIn, memberKey, postPeople } from './people-forms'

const dataDir = mkdtempSync(join(tmpdir(), 'svc-people-demo-'))
const outbox = join(dataDir, 'outbox')
let server: RunningServer & { readonly site: string }

const SEED = { SEED_ADMIN_EMAIL: 'Boss@Example.org', SEED_ADMIN_NAME: 'Bo Boss' }

beforeAll(async () => {
  server = await startDevServer(SEED, { dataDir })
})
afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const mails = () => (readdirSafe(outbox).length === 0 ? [] : readdirSafe(outbox))
function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}
async function mailTo(address: string) {
  const parsed = await Promise.all(mails().map(async (name) => simpleParser(readFileSync(join(outbox, name)))))
  return parsed.filter((mail) => (mail.to as { text: string } | undefined)?.text === address)
}
const client = () => {
  const browser = createCookieFetch()
  browser.setCookie(server.site, 'svc_story', 'plain')
  return browser
}

describe('Issue 12 on the demo site', () => {
  it('SPEC 1 rule 5: the seed administrator is invited once, and signed in opens the caseworkers desk', async () => {
    await waitFor(async () => (await mailTo('boss@example.org')).length === 1, 15_000, 'the seed invite in the outbox')
    const [mail] = await mailTo('boss@example.org')
    expect(mail?.subject).toMatch(/You are invited to/)
    expect(mail?.text).toContain('join Caseworkers')
    const boss = client()
    const path = invitePathIn(mail?.text ?? '')
    const landed = await signInAs(boss, server.site, 'boss@example.org', path)
    expect(landed.pathname).toBe(path)
    const welcome = await boss(`${server.site}${path}`)
    expect(welcome.status).toBe(200)
    expect(await welcome.text()).toContain('You are in')
    expect((await boss(`${server.site}/desk/caseworkers`)).status).toBe(200)
    const account = await (await boss(`${server.site}/my`)).text()
    expect(account).toMatch(/<strong>caseworkers<\/strong>: as the first person in/)
  })

  it('Membership rules 1, 2 and 4: a caseworker invites Nora into volunteers, she works the Street Watch desk until removed', async () => {
    const kari = client()
    await signInAs(kari, server.site, 'kari')
    const sent = await invite(kari, server.site, 'caseworkers', {
      name: 'Nora Nobody',
      contact: 'NORA@example.org',
      group: 'volunteers',
    })
    expect(sent.status).toBe(303)
    expect(sent.location).toBe('/desk/caseworkers/people?done=invited')
    await waitFor(async () => (await mailTo('nora@example.org')).length === 1, 15_000, "Nora's invite")
    const [mail] = await mailTo('nora@example.org')
    // The group by its label in content, and the desk it opens (issue 26, journey 2).
    expect((mail?.text ?? '').replace(/\s+/g, ' ')).toContain(
      'Kari Caseworker has invited you to join Street Watch volunteers at Fix My Street Northvale. ' +
        'As one of them you can open the Street Watch desk.',
    )

    const nora = client()
    const path = invitePathIn(mail?.text ?? '')
    const open = await nora(`${server.site}${path}`)
    expect(open.status).toBe(200)
    expect(await open.text()).toContain(
      'Kari Caseworker has invited Nora Nobody to join <strong>Street Watch volunteers</strong>. ' +
        'As one of them you can open the Street Watch desk.',
    )
    await signInAs(nora, server.site, 'nora', path)
    // The welcome's button goes to the desk she may now open, not the desk that invited her.
    const welcome = await (await nora(`${server.site}${path}`)).text()
    expect(welcome).toContain(
      'You are now in <strong>Street Watch volunteers</strong>. You can now open the Street Watch desk.',
    )
    expect(welcome).toContain('<a class="button" href="/desk/street_watch">Open the Street Watch desk</a>')
    expect((await nora(`${server.site}/desk/street_watch`)).status).toBe(200)
    // Her account page says where the group came from.
    expect(await (await nora(`${server.site}/my`)).text()).toMatch(/<strong>volunteers<\/strong>: by invite/)

    // The link, once used, says so.
    const again = await client()(`${server.site}${path}`)
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('This invite has been used')

    // Kari removes her; her very next request is refused.
    const people = await (await kari(`${server.site}/desk/caseworkers/people`)).text()
    expect(people).toContain('Nora Nobody')
    const removed = await postPeople(kari, server.site, 'caseworkers', {
      do: 'remove',
      member: memberKey(people, 'nora@example.org'),
    })
    expect(removed.status).toBe(303)
    expect((await nora(`${server.site}/desk/street_watch`)).status).toBe(403)
  })

  it('Membership rule 4: an invite withdrawn by the desk says so at its link, and signing in then brings nobody in', async () => {
    const kari = client()
    await signInAs(kari, server.site, 'kari')
    await invite(kari, server.site, 'caseworkers', {
      name: 'Wanda Waits',
      contact: 'wanda@example.org',
      group: 'volunteers',
    })
    await waitFor(async () => (await mailTo('wanda@example.org')).length === 1, 15_000, "Wanda's invite")
    const path = invitePathIn((await mailTo('wanda@example.org'))[0]?.text ?? '')
    const people = await (await kari(`${server.site}/desk/caseworkers/people`)).text()
    const key = memberKey(people, 'wanda@example.org')
    expect(people).toContain('Withdraw the invite')
    expect((await postPeople(kari, server.site, 'caseworkers', { do: 'remove', member: key })).status).toBe(303)
    const page = await client()(`${server.site}${path}`)
    expect(page.status).toBe(410)
    expect(await page.text()).toContain('Kari Caseworker has withdrawn this invite')
    const wanda = client()
    await signInAs(wanda, server.site, 'wanda@example.org', path)
    expect((await wanda(`${server.site}/desk/street_watch`)).status).toBe(403)
  })

  it('the seed is not invited again when the service restarts on the same data', async () => {
    await server.stop()
    server = await startDevServer(SEED, { dataDir })
    await new Promise((resolve) => setTimeout(resolve, 2000))
    expect(await mailTo('boss@example.org')).toHaveLength(1)
  })
})
