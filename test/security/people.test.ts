// Issue 12, the People view's forms under attack: posts without the page's
// tokens, forged groups and membership keys, desks and people that may not
// invite, replays, oversized and malformed forms, and removing the last
// person who runs the site. Each refusal is told to the person, and nothing
// changes behind it. Invite links: people-links.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor, sleep } from '../bus/wait'
import { formFields, invite, memberKey } from '../people/people-forms'
import { signInAs } from '../visitor/dev-sign-in'
import { bucketForm, openPage } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'
import { freshSubmission, inviteField, mailsTo, peopleUrl, peopleView, sendPeople, takeForm } from './people-attack'

const SEED = { SEED_ADMIN_EMAIL: 'seed@example.org', SEED_ADMIN_NAME: 'Sam Seed' }
const EXPIRED = 'This form was out of date or did not come from this site, so nothing was changed.'

let site: DevSite
let base: string
beforeAll(async () => {
  site = await startDevSite({}, SEED)
  base = site.base
})
afterAll(() => site?.stop())

/** The card on a People view showing `text`, or undefined. */
const card = (html: string, text: string) =>
  [...html.matchAll(/<li class="member[^"]*">[\s\S]*?<\/li>/g)].map(([li]) => li).find((li) => li.includes(text))

describe('Security: the People view', () => {
  it(
    'a People post without a CSRF token, or with another ' +
      "session's, gets the form-expired page and changes nothing",
    async () => {
      const kari = await site.as('kari')
      expect(
        (await invite(kari, base, 'caseworkers', { name: 'Csrf Target', contact: '+4791230001', group: 'volunteers' }))
          .status,
      ).toBe(201)
      const view = await peopleView(kari, base, 'caseworkers')
      const inviting = formFields(view, { do: 'invite' })
      const removing = formFields(view, { do: 'remove', member: memberKey(view, 'Csrf Target') })
      // Kari's own second session, and Rolf's: real tokens, of other sessions.
      const otherKari = site.visitor()
      await signInAs(otherKari, base, 'kari')
      const otherSession = (await takeForm(otherKari, base, 'caseworkers', { do: 'invite' })).svc_csrf ?? ''
      const rolfs = (await takeForm(await site.as('rolf'), base, 'road_crew', { do: 'invite' })).svc_csrf ?? ''
      expect(otherSession).not.toBe(inviting.svc_csrf)
      const typed = { name: 'Forged Friend', contact: 'forged@example.org', group: 'volunteers' }
      for (const [form, extra] of [
        [inviting, typed],
        [removing, {}],
      ] as const) {
        const { svc_csrf: own, ...noToken } = form
        expect(own).toBeTruthy()
        for (const token of [undefined, '', otherSession, rolfs, `${own}x`]) {
          const fields = { ...noToken, ...extra, ...(token === undefined ? {} : { svc_csrf: token }) }
          const sent = await sendPeople(kari, base, 'caseworkers', fields)
          expect(sent.status, `${form.do} with ${String(token)}`).toBe(403)
          expect(sent.body).toContain(EXPIRED)
        }
      }
      const after = await peopleView(kari, base, 'caseworkers')
      expect(after).not.toContain('Forged Friend')
      expect(card(after, 'Csrf Target')).toContain('member-invited')
      // The remove form with Kari's own token is taken: the refusals burnt no one-time token.
      expect((await sendPeople(kari, base, 'caseworkers', { ...removing })).location).toBe(
        '/desk/caseworkers/people?done=removed',
      )
    },
  )

  it(
    'a forged group field naming a group this desk may not invite into ' +
      '(road_crew from the caseworkers desk) is refused beside the group field',
    async () => {
      const kari = await site.as('kari')
      const sent = await invite(kari, base, 'caseworkers', {
        name: 'Crew Sneak',
        contact: 'sneak@example.org',
        group: 'road_crew',
      })
      expect(sent.status).toBe(400)
      expect(inviteField(sent.body, 'group')).toContain('Choose one of the groups this desk invites into.')
      expect(inviteField(sent.body, 'group')).toContain('aria-invalid="true"')
      expect(inviteField(sent.body, 'name')).toContain('value="Crew Sneak"')
      expect(inviteField(sent.body, 'name')).not.toContain('field-error-message')
      expect(await peopleView(await site.as('rolf'), base, 'road_crew')).not.toContain('Crew Sneak')
      expect(await peopleView(kari, base, 'caseworkers')).not.toContain('Crew Sneak')
    },
  )

  it('a road crew member posting to the caseworkers People view is refused (403) and invites nobody', async () => {
    const rolf = await site.as('rolf')
    const look = await rolf(peopleUrl(base, 'caseworkers'))
    expect(look.status).toBe(403)
    expect(await look.text()).toContain('Not open to you')
    // His own session's tokens, from the one People view he has.
    const fields = await takeForm(rolf, base, 'road_crew', { do: 'invite' })
    for (const group of ['caseworkers', 'volunteers', 'road_crew']) {
      const sent = await sendPeople(rolf, base, 'caseworkers', {
        ...fields,
        svc_submission: freshSubmission(),
        name: 'Rolf Pick',
        contact: 'rolfpick@example.org',
        group,
      })
      expect(sent.status).toBe(403)
      expect(sent.body).toContain('Not open to you')
    }
    expect(await peopleView(await site.as('kari'), base, 'caseworkers')).not.toContain('Rolf Pick')
  })

  it('a volunteer gets no People view on the Street Watch desk, which invites nobody (404), GET or POST', async () => {
    const vera = await site.as('vera')
    expect((await vera(`${base}/desk/street_watch`)).status).toBe(200)
    const look = await vera(peopleUrl(base, 'street_watch'))
    expect(look.status).toBe(404)
    expect(await look.text()).toContain('There is nothing at this address.')
    // Her own session's token, from the filing form on the home page.
    const csrf = bucketForm((await openPage(vera, `${base}/`)).html, base, 'potholes').hidden.svc_csrf ?? ''
    expect(csrf).toBeTruthy()
    const sent = await sendPeople(vera, base, 'street_watch', {
      svc_csrf: csrf,
      svc_submission: freshSubmission(),
      do: 'invite',
      name: 'Vera Pick',
      contact: 'verapick@example.org',
      group: 'volunteers',
    })
    expect(sent.status).toBe(404)
    expect(sent.body).toContain('There is nothing at this address.')
    // Nora, in no group, and a desk that does not exist.
    const nora = await site.as('nora')
    expect((await nora(peopleUrl(base, 'caseworkers'))).status).toBe(403)
    expect((await nora(peopleUrl(base, 'nowhere'))).status).toBe(404)
    expect(await peopleView(await site.as('kari'), base, 'caseworkers')).not.toContain('Vera Pick')
  })

  it('a visitor who is not signed in is asked to sign in, to look or to post, and invites nobody', async () => {
    const visitor = site.visitor()
    const look = await visitor(peopleUrl(base, 'caseworkers'))
    expect(look.status).toBe(403)
    const page = await look.text()
    expect(page).toContain('Sign in needed')
    expect(page).toContain('/auth/sign-in')
    const fields = await takeForm(await site.as('kari'), base, 'caseworkers', { do: 'invite' })
    const typed = { name: 'Anon Pick', contact: 'anonpick@example.org', group: 'volunteers' }
    const sent = await sendPeople(visitor, base, 'caseworkers', { ...fields, ...typed })
    expect(sent.status).toBe(403)
    expect(sent.body).toContain('Sign in needed')
    expect(await peopleView(await site.as('kari'), base, 'caseworkers')).not.toContain('Anon Pick')
  })

  it('a forged member key (a road_crew membership) is neither removed nor re-invited from caseworkers', async () => {
    const rolf = await site.as('rolf')
    const made = await invite(rolf, base, 'road_crew', {
      name: 'Crew Newbie',
      contact: '+4791230002',
      group: 'road_crew',
    })
    expect(made.status).toBe(201)
    const key = memberKey(await peopleView(rolf, base, 'road_crew'), 'Crew Newbie')
    const kari = await site.as('kari')
    const form = await takeForm(kari, base, 'caseworkers', { do: 'invite' })
    for (const verb of ['remove', 'reinvite']) {
      const sent = await sendPeople(kari, base, 'caseworkers', {
        ...form,
        svc_submission: freshSubmission(),
        do: verb,
        member: key,
      })
      expect(sent.status, verb).toBe(409)
      expect(sent.body).toContain('or is not on this desk')
      expect(sent.body).not.toContain('Crew Newbie')
    }
    expect(card(await peopleView(rolf, base, 'road_crew'), 'Crew Newbie')).toContain('member-invited')
  })

  it(
    'a replayed invite form (the same one-time token twice) ' +
      'invites once: one mail, one link page, then ?done=again',
    async () => {
      const kari = await site.as('kari')
      const byMail = {
        ...(await takeForm(kari, base, 'caseworkers', { do: 'invite' })),
        name: 'Twice Sent',
        contact: 'twice@example.org',
        group: 'volunteers',
      }
      const first = await sendPeople(kari, base, 'caseworkers', byMail)
      expect(first.location).toBe('/desk/caseworkers/people?done=invited')
      const again = await sendPeople(kari, base, 'caseworkers', byMail)
      expect(again.status).toBe(303)
      expect(again.location).toBe('/desk/caseworkers/people?done=again')
      expect(await (await kari(`${base}${again.location}`)).text()).toContain('That form was sent already')
      await waitFor(async () => (await mailsTo(base, 'twice@example.org')).length > 0, 15_000, 'the invite mail')
      await sleep(1500)
      expect(await mailsTo(base, 'twice@example.org')).toHaveLength(1)

      const byPhone = {
        ...(await takeForm(kari, base, 'caseworkers', { do: 'invite' })),
        name: 'Twice Phoned',
        contact: '+4791230003',
        group: 'volunteers',
      }
      const shown = await sendPeople(kari, base, 'caseworkers', byPhone)
      expect(shown.status).toBe(201)
      expect(shown.body).toContain('class="invite-link"')
      const replayed = await sendPeople(kari, base, 'caseworkers', byPhone)
      expect(replayed.location).toBe('/desk/caseworkers/people?done=again')
      expect(replayed.body).not.toContain('/invite/')
      const view = await peopleView(kari, base, 'caseworkers')
      expect(view.match(/twice@example\.org/g)).toHaveLength(1)
      // Shown in the national format of PHONE_COUNTRY (issue 26).
      expect(view.match(/91 23 00 03/g)).toHaveLength(1)
    },
  )

  it('an oversized People form (over 16 KB) is refused with 413 and invites nobody', async () => {
    const kari = await site.as('kari')
    const fields = {
      ...(await takeForm(kari, base, 'caseworkers', { do: 'invite' })),
      name: 'Big Form',
      contact: '+4791230004',
      group: 'volunteers',
    }
    const sent = await sendPeople(kari, base, 'caseworkers', { ...fields, pad: 'x'.repeat(17 * 1024) })
    expect(sent.status).toBe(413)
    expect(sent.body).toContain('<h1>Too large</h1>')
    expect(sent.body).not.toContain('Big Form')
    expect(await peopleView(kari, base, 'caseworkers')).not.toContain('Big Form')
    // The same form at its usual size is taken.
    expect((await sendPeople(kari, base, 'caseworkers', fields)).status).toBe(201)
  })

  it(
    'a name over 120 characters and a malformed address or ' +
      'phone are refused beside their fields, what was typed kept',
    async () => {
      const kari = await site.as('kari')
      const long = `Longname ${'a'.repeat(112)}`
      expect(long).toHaveLength(121)
      const tooLong = await invite(kari, base, 'caseworkers', {
        name: long,
        contact: 'long@example.org',
        group: 'volunteers',
      })
      expect(tooLong.status).toBe(400)
      expect(inviteField(tooLong.body, 'name')).toContain('The name is too long: at most 120 characters.')
      expect(inviteField(tooLong.body, 'name')).toContain(`value="${long}"`)
      expect(inviteField(tooLong.body, 'contact')).toContain('value="long@example.org"')
      expect(inviteField(tooLong.body, 'contact')).not.toContain('field-error-message')

      const cases = [
        ['Bad Address', 'bad@@example', 'That is not an e-mail address'],
        ['Bad Phone', 'call me maybe', 'That is not a phone number'],
        ['Quote "Breaker', '"><b>x</b>@example.org', 'That is not an e-mail address'],
      ] as const
      for (const [name, contact, error] of cases) {
        const sent = await invite(kari, base, 'caseworkers', { name, contact, group: 'volunteers' })
        expect(sent.status, contact).toBe(400)
        expect(inviteField(sent.body, 'contact')).toContain(error)
        const kept = contact.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
        expect(inviteField(sent.body, 'contact')).toContain(`value="${kept}"`)
        expect(inviteField(sent.body, 'name')).toContain(`value="${name.replace(/"/g, '&quot;')}"`)
        expect(sent.body).not.toContain('<b>x</b>')
      }
      const view = await peopleView(kari, base, 'caseworkers')
      for (const name of ['Longname', 'Bad Address', 'Bad Phone', 'Breaker']) expect(view).not.toContain(name)
      // At the limit, the name is taken.
      const atLimit = long.slice(0, 120)
      expect(
        (await invite(kari, base, 'caseworkers', { name: atLimit, contact: '+4791230005', group: 'volunteers' }))
          .status,
      ).toBe(201)
    },
  )

  it(
    'removing the last active member of caseworkers, the ' +
      'group that runs the site, is refused (409) and they stay in',
    async () => {
      const kari = await site.as('kari')
      await waitFor(
        async () => (await peopleView(kari, base, 'caseworkers')).includes('seed@example.org'),
        15_000,
        'the seed membership',
      )
      const seed = site.visitor()
      await signInAs(seed, base, 'seed@example.org')
      const view = await peopleView(kari, base, 'caseworkers')
      expect(card(view, 'seed@example.org')).toContain('member-active')
      const removing = formFields(view, { do: 'remove', member: memberKey(view, 'seed@example.org') })
      const sent = await sendPeople(kari, base, 'caseworkers', removing)
      expect(sent.status).toBe(409)
      expect(sent.body).toContain('Sam Seed is the last active member of caseworkers, the group that runs the site.')
      expect(card(await peopleView(kari, base, 'caseworkers'), 'seed@example.org')).toContain('member-active')
      expect((await seed(`${base}/desk/caseworkers`)).status).toBe(200)
    },
  )
})
