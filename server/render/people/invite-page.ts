// GET /invite/{token}: who invited the person to what, and sign-in; or,
// plainly, why the link no longer works, with sign-in offered anyway.
import type { MessageId } from '../../messages/en'
import { messagesFor } from '../../messages/messages'
import { groupLabel } from '../../content/group-label'
import type { Desk, SiteModel } from '../../content/model'
import { listText } from '../../messages/list-text'
import type { InviteLink } from '../../people/read-invite-link'
import { actorName } from '../../people/membership-record'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { renderTime } from '../desk/time'
import { deskPath } from '../../content/paths'

export interface InvitePageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly link: InviteLink
  /** The sign-in that comes back to this page. */
  readonly signInHref: string
  /** The signed-in person's subject, when there is one. */
  readonly subject: string | null
  /** The desks the invite's group opens. */
  readonly groupDesks: readonly Desk[]
  /** The desks the signed-in person may open now: the welcome's button goes to the first of the group's, else the first. */
  readonly openDesks: readonly Desk[]
}

export function renderInvitePage(options: InvitePageOptions): string {
  const { site, story, viewer, assets, link, signInHref, subject, groupDesks, openDesks } = options
  const m = messagesFor(site, story)
  const signIn = (id: MessageId) => html`<p><a class="button" href="${signInHref}">${m.say(id)}</a></p>`
  let title: string
  let body: SafeHtml
  if (link.kind === 'invalid') {
    title = m.say('invite.invalid.title')
    body = html`<p>${m.say('invite.invalid')}</p>${signIn('invite.sign-in-anyway')}`
  } else {
    const { invite } = link
    const deskTitle = (desk: Desk) => textAt(desk.title, story) || desk.name
    const desks = listText(m.language, groupDesks.map(deskTitle))
    const opens = (id: MessageId) => (groupDesks.length === 0 ? '' : html` ${m.say(id, { desks })}`)
    const inviter = invite.invitedBy.kind === 'person' ? actorName(invite.invitedBy) : textAt(site.branding.name, story)
    const group = html`<strong>${groupLabel(site, invite.group, story)}</strong>`
    const until = renderTime(new Date(invite.expiresAt * 1000).toISOString(), m)
    if (link.kind === 'used' && subject !== null && invite.closedBy === subject) {
      title = m.say('invite.in.title')
      // A caseworker invited into volunteers is sent to Street Watch, not back to the desk they had.
      const first = openDesks.find((desk) => groupDesks.includes(desk)) ?? openDesks[0]
      const button =
        first === undefined
          ? ''
          : html`<p><a class="button" href="${deskPath(first.name)}">${m.say('invite.open-desk', {
              desk: deskTitle(first),
            })}</a></p>`
      body = html`<p>${m.sayHtml('invite.in', { group })}${opens('invite.in.desks')}</p>${button}`
    } else if (link.kind === 'withdrawn') {
      title = m.say('invite.withdrawn.title')
      body = html`<p>${m.say('invite.withdrawn', { inviter })}</p>${signIn('invite.sign-in-anyway')}`
    } else if (link.kind === 'used') {
      title = m.say('invite.used.title')
      body = html`<p>${m.say('invite.used')}</p>${signIn('account.sign-in')}`
    } else if (link.kind === 'expired') {
      title = m.say('invite.expired.title')
      body = html`<p>${m.sayHtml('invite.expired', { inviter, group, until })}</p>${signIn('invite.sign-in-anyway')}`
    } else {
      title = m.say('invite.open.title')
      const who = invite.name || m.say('invite.you')
      const how = invite.email === undefined ? 'invite.open.by-phone' : 'invite.open.by-email'
      body = html`<p>${m.sayHtml('invite.open', { inviter, who, group })}${opens('invite.open.desks')}</p>
<p>${m.sayHtml(how, { until })}</p>${signIn('invite.accept')}`
    }
  }
  return renderLayout({ site, story, title, body: html`<h1>${title}</h1>${body}`, assets, viewer })
}
