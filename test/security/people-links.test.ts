// Issue 12, invite links under attack: a link is a credential in a URL, so a
// used, run-out, altered, malformed or traversal-looking one opens nothing
// and tells nothing about the invite; its pages are never cached and send no
// referrer; and the invitee's name, typed by staff, never becomes markup.
// The People view's forms: people.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sleep, waitFor } from '../bus/wait'
import { invite, invitePathIn } from '../people/people-forms'
import { rawRequest } from '../support/raw-http'
import { signInAs } from '../visitor/dev-sign-in'
import { startDevSite, type DevSite } from './dev-site'
import { mailsTo, peopleView, shownLinkPath, takeForm } from './people-attack'

const INVALID = 'This is not a valid invite link.'

let site: DevSite
let base: string
beforeAll(async () => {
  site = await startDevSite()
  base = site.base
})
afterAll(() => site?.stop())

/** Kari invites someone into volunteers by phone; the path of the link she is shown. */
async function phoneInvite(on: DevSite, name: string, phone: string): Promise<string> {
  const sent = await invite(await on.as('kari'), on.base, 'caseworkers', { name, contact: phone, group: 'volunteers' })
  expect(sent.status).toBe(201)
  return shownLinkPath(sent.body)
}

/** Kari invites `address` into volunteers by mail, and they sign in through the mailed link: its path. */
async function usedInvite(name: string, address: string): Promise<string> {
  const sent = await invite(await site.as('kari'), base, 'caseworkers', { name, contact: address, group: 'volunteers' })
  expect(sent.location).toBe('/desk/caseworkers/people?done=invited')
  await waitFor(async () => (await mailsTo(base, address)).length === 1, 15_000, `the invite to ${address}`)
  const [mail] = await mailsTo(base, address)
  const path = invitePathIn(mail?.text ?? '')
  expect((await site.visitor()(`${base}${path}`)).status).toBe(200)
  const invitee = site.visitor()
  await signInAs(invitee, base, address, path)
  expect(await (await invitee(`${base}${path}`)).text()).toContain('You are in')
  return path
}

/** A token with the character at `at` swapped for another of its alphabet. */
const altered = (token: string, at: number) =>
  `${token.slice(0, at)}${token[at] === 'a' ? 'b' : 'a'}${token.slice(at + 1)}`

describe('Security: invite links', () => {
  it('an invite link replayed after it was used answers 410 "used" and lets nobody else in', async () => {
    const path = await usedInvite('Una Used', 'una@example.org')

    // Someone else with the link afterwards: a visitor, and Nora signed in through it.
    const replay = await site.visitor()(`${base}${path}`)
    expect(replay.status).toBe(410)
    const page = await replay.text()
    expect(page).toContain('This invite has been used')
    expect(page).not.toContain('Una Used')
    expect(page).not.toContain('una@example.org')
    const nora = site.visitor()
    await signInAs(nora, base, 'nora', path)
    expect((await nora(`${base}${path}`)).status).toBe(410)
    expect((await nora(`${base}/desk/street_watch`)).status).toBe(403)
  })

  it('an invite link replayed after it ran out answers 410 "run out", and signing in then lets nobody in', async () => {
    // INVITE_TTL_HOURS=0.0003: a link works for about a second.
    const brief = await startDevSite({}, { INVITE_TTL_HOURS: '0.0003' })
    try {
      const path = await phoneInvite(brief, 'Rita Late', '+4791230101')
      expect(
        await invite(await brief.as('kari'), brief.base, 'caseworkers', {
          name: 'Lars Late',
          contact: 'lars@example.org',
          group: 'volunteers',
        }),
      ).toMatchObject({ status: 303 })
      await sleep(2000)
      const late = await brief.visitor()(`${brief.base}${path}`)
      expect(late.status).toBe(410)
      expect(await late.text()).toContain('This invite link has run out')
      const lars = brief.visitor()
      await signInAs(lars, brief.base, 'lars@example.org')
      expect((await lars(`${brief.base}/desk/street_watch`)).status).toBe(403)
      expect(await peopleView(await brief.as('kari'), brief.base, 'caseworkers')).toContain(
        'The invite link has run out.',
      )
    } finally {
      await brief.stop()
    }
  })

  it(
    'a link with one character changed is 404 "not valid", the same ' +
      'page for a wrong secret as for an unknown id, and tells nothing',
    async () => {
      const path = await phoneInvite(site, 'Selma Secret', '+4791230102')
      const token = path.slice('/invite/'.length)
      const open = await site.visitor()(`${base}${path}`)
      expect(open.status).toBe(200)
      expect(await open.text()).toContain('Selma Secret')
      const browser = site.visitor()
      const pages = []
      for (const wrong of [
        altered(token, token.length - 1),
        altered(token, 20),
        altered(token, 0),
        altered(token, 15),
      ]) {
        const answer = await browser(`${base}/invite/${wrong}`)
        expect(answer.status, wrong).toBe(404)
        const page = await answer.text()
        expect(page).toContain(INVALID)
        for (const secret of ['Selma', '+4791230102', '91230102', 'volunteers', 'Kari'])
          expect(page, secret).not.toContain(secret)
        // The page names its own address only in the header's sign-in link.
        pages.push(page.replaceAll(wrong, 'TOKEN'))
      }
      expect(new Set(pages).size).toBe(1)
    },
  )

  it('a token of the wrong length or with other characters is 404 "not valid"', async () => {
    const token = (await phoneInvite(site, 'Tora Token', '+4791230103')).slice('/invite/'.length)
    for (const wrong of [
      token.slice(0, -1),
      `${token}a`,
      token.toUpperCase(),
      `${token.slice(0, -1)}0`,
      `${token.slice(0, -1)}9`,
      `${token.slice(0, -1)}-`,
      `${token.slice(0, -1)}%00`,
      `${token.slice(0, -1)}%C3%A6`,
      `${token}%20`,
      'a'.repeat(48),
      'x'.repeat(5000),
    ]) {
      const answer = await site.visitor()(`${base}/invite/${wrong}`)
      expect(answer.status, wrong).toBe(404)
      const page = await answer.text()
      expect(page).toContain(INVALID)
      expect(page).not.toContain('Tora')
    }
  })

  it('a path-traversal-looking token is 404 "not valid", without an error', async () => {
    const logged = site.server.output().length
    for (const path of [
      '/invite/..%2f..%2fetc%2fpasswd',
      '/invite/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
      '/invite/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/invite/..%5c..%5cwindows%5cwin.ini',
      '/invite/%252e%252e%252fetc%252fpasswd',
    ]) {
      const answer = await rawRequest(base, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).toContain(INVALID)
      expect(answer.body, path).not.toContain('root:')
    }
    const since = site.server.output().slice(logged)
    expect(since).not.toMatch(/"level":"(error|fatal)"|\n\s+at /)
  })

  it('the invite page and the phone-invite link page send no referrer and are never stored', async () => {
    const kari = await site.as('kari')
    const fields = await takeForm(kari, base, 'caseworkers', { do: 'invite' })
    const typed = { name: 'Hedda Header', contact: '+4791230104', group: 'volunteers' }
    const linkPage = await kari(`${base}/desk/caseworkers/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ ...fields, ...typed }).toString(),
    })
    expect(linkPage.status).toBe(201)
    const path = shownLinkPath(await linkPage.text())
    const used = await usedInvite('Ulla Used', 'ulla@example.org')
    for (const [what, answer] of [
      ['the link page', linkPage],
      ['an open link', await site.visitor()(`${base}${path}`)],
      ['a used link', await site.visitor()(`${base}${used}`)],
      ['an invalid link', await site.visitor()(`${base}/invite/${'a'.repeat(48)}`)],
    ] as const) {
      expect(answer.headers.get('referrer-policy'), what).toBe('no-referrer')
      expect(answer.headers.get('cache-control'), what).toBe('no-store')
    }
  })

  it(
    'a name with HTML and Markdown in it is shown as text on ' +
      'the People view, the link page, the invite page and the mail',
    async () => {
      const name = '<script>alert(1)</script> **x** <img src=x onerror=alert(2)>'
      const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; **x** &lt;img src=x onerror=alert(2)&gt;'
      const kari = await site.as('kari')
      const shown = await invite(kari, base, 'caseworkers', { name, contact: '+4791230106', group: 'volunteers' })
      expect(shown.status).toBe(201)
      const invitePage = await (await site.visitor()(`${base}${shownLinkPath(shown.body)}`)).text()
      const mailed = await invite(kari, base, 'caseworkers', { name, contact: 'xss@example.org', group: 'volunteers' })
      expect(mailed.status).toBe(303)
      const view = await peopleView(kari, base, 'caseworkers')
      for (const [what, page] of [
        ['the link page', shown.body],
        ['the invite page', invitePage],
        ['the People view', view],
      ] as const) {
        expect(page, what).toContain(escaped)
        expect(page, what).not.toContain('<script>alert(1)')
        expect(page, what).not.toContain('<img src=x')
        expect(page, what).not.toContain('<strong>x</strong>')
      }
      await waitFor(async () => (await mailsTo(base, 'xss@example.org')).length === 1, 15_000, 'the invite mail')
      const [mail] = await mailsTo(base, 'xss@example.org')
      expect(mail?.text).toContain('Hello <script>alert(1)</script> **x**')
      expect(mail?.html).not.toContain('<script>alert(1)')
      expect(mail?.html).not.toContain('<img src=x')
      expect(mail?.html).not.toContain('<strong>x</strong>')
    },
  )
})
