// GET /invite/{token}: who invited the person to what, and sign-in; or,
// plainly, why the link no longer works, with sign-in offered anyway.
import { messagesFor } from '../../messages/messages'
import type { SiteModel } from '../../content/model'
import type { InviteLink } from '../../people/read-invite-link'
import { actorName } from '../../people/membership-record'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../storyline'
import { renderTime } from '../desk/time'

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
}

export function renderInvitePage(options: InvitePageOptions): string {
  const { site, story, viewer, assets, link, signInHref, subject } = options
  const signIn = (label: string) => html`<p><a class="button" href="${signInHref}">${label}</a></p>`
  let title: string
  let body: SafeHtml
  if (link.kind === 'invalid') {
    title = 'This invite link does not work'
    body = html`<p>This is not a valid invite link. It may have been copied only in part, or a newer link for the same invite has replaced it.</p>${signIn('Sign in anyway')}`
  } else {
    const { invite } = link
    const desk = site.desks.get(invite.desk)
    const deskTitle = (desk === undefined ? '' : textAt(desk.title, story)) || invite.desk
    const inviter = invite.invitedBy.kind === 'person' ? actorName(invite.invitedBy) : textAt(site.branding.name, story)
    if (link.kind === 'used' && subject !== null && invite.closedBy === subject) {
      title = 'You are in'
      body = html`<p>You are now in <strong>${invite.group}</strong>.</p><p><a class="button" href="/desk/${invite.desk}">Open the ${deskTitle}</a></p>`
    } else if (link.kind === 'withdrawn') {
      title = 'This invite was withdrawn'
      body = html`<p>${inviter} has withdrawn this invite, so the link works no more. If you think that is a mistake, ask them.</p>${signIn('Sign in anyway')}`
    } else if (link.kind === 'used') {
      title = 'This invite has been used'
      body = html`<p>This invite was accepted already, so the link works no more. If it was yours, sign in.</p>${signIn('Sign in')}`
    } else if (link.kind === 'expired') {
      title = 'This invite link has run out'
      body = html`<p>${inviter} invited you into <strong>${invite.group}</strong>, but the link ran out on ${renderTime(
        new Date(invite.expiresAt * 1000).toISOString(),
        messagesFor(site, story),
      )}. Ask them to send you a fresh one.</p>${signIn('Sign in anyway')}`
    } else {
      title = 'You are invited'
      body = html`<p>${inviter} has invited ${invite.name || 'you'} to join <strong>${invite.group}</strong> on the ${deskTitle}.</p>
<p>Sign in${invite.email === undefined ? ' with the account that holds your phone number' : ' with the e-mail address the invite was sent to'}, and you are in. The link works until ${renderTime(
        new Date(invite.expiresAt * 1000).toISOString(),
        messagesFor(site, story),
      )}.</p>${signIn('Sign in to accept')}`
    }
  }
  return renderLayout({ site, story, title, body: html`<h1>${title}</h1>${body}`, assets, viewer })
}
