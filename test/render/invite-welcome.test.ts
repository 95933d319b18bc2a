// Issue 26, journey 2: the invite page and the welcome name the group by its content label and the desks it opens,
// and the welcome's button opens a desk the person may open, the group's own first.
import { describe, expect, it } from 'vitest'
import type { Desk, SiteModel } from '../../server/content/model'
import type { Invite } from '../../server/people/invite-record'
import { renderInvitePage, type InvitePageOptions } from '../../server/render/people/invite-page'
import { loadDemo } from '../support/demo-site'

const site: SiteModel = await loadDemo()
const desk = (name: string): Desk => site.desks.get(name)!

const invite: Invite = {
  id: 'inv1',
  group: 'volunteers',
  desk: 'caseworkers',
  name: 'Nora Nobody',
  email: 'nora@example.org',
  membership: 'email:nora@example.org:volunteers',
  state: 'closed',
  expiresAt: Date.parse('2026-12-01T00:00:00Z') / 1000,
  tokenHash: 'x',
  round: 1,
  invitedBy: { kind: 'person', subject: 'sub-kari', name: 'Kari Caseworker' },
  created: '2026-11-28T12:00:00.000Z',
  since: '2026-11-28T12:05:00.000Z',
  closedBy: 'sub-nora',
}

const page = (more: Partial<InvitePageOptions>) =>
  renderInvitePage({
    site,
    story: 0,
    viewer: { signedIn: true, name: 'Nora', csrf: 'c', desks: [], groupPages: [] },
    assets: { css: '/pkg/site.css' },
    link: { kind: 'used', invite },
    signInHref: '/auth/sign-in',
    subject: 'sub-nora',
    groupDesks: [desk('street_watch')],
    openDesks: [desk('street_watch')],
    ...more,
  })

describe('the welcome after an accepted invite', () => {
  it('names the group by its label and the desks it opens, in the storyline read', () => {
    expect(page({})).toContain(
      'You are now in <strong>Street Watch volunteers</strong>. You can now open the Street Watch desk.',
    )
    expect(page({ story: 1 })).toContain(
      'You are now in <strong>Street Watchers</strong>. You can now open the Street Watch: reports to confirm.',
    )
  })

  it('sends a caseworker invited into volunteers to Street Watch, not back to the Case desk they had', () => {
    const html = page({ openDesks: [desk('caseworkers'), desk('street_watch')] })
    expect(html).toContain('<a class="button" href="/desk/street_watch">Open the Street Watch desk</a>')
    expect(html).not.toContain('href="/desk/caseworkers"')
  })

  it('offers no button to a desk the person may not open', () => {
    expect(page({ openDesks: [] })).not.toContain('class="button" href="/desk/')
  })

  it('on the open invite: the group by its label and the desks, not the inviting desk', () => {
    const html = page({ link: { kind: 'open', invite: { ...invite, state: 'open' } }, subject: null })
    expect(html).toContain(
      'Kari Caseworker has invited Nora Nobody to join <strong>Street Watch volunteers</strong>. ' +
        'As one of them you can open the Street Watch desk.',
    )
    expect(html).not.toContain('Case desk')
  })
})
