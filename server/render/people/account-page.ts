// GET /my: the signed-in person's own account: who the service knows them
// as, their groups and where each came from, and invites waiting for them.
import { messagesFor } from '../../messages/messages'
import type { SiteModel } from '../../content/model'
import type { AccountGroups, GroupOrigin } from '../../people/account-groups'
import type { SessionUser } from '../../sessions'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../storyline'
import { renderTime } from '../desk/time'

const ORIGIN: Readonly<Record<GroupOrigin, string>> = {
  provider: 'from your sign-in provider',
  invite: 'by invite',
  grant: 'from a case of yours',
  seed: 'as the first person in',
  responsible: 'as responsible for a page',
}

export interface AccountPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly user: SessionUser
  readonly account: AccountGroups
  readonly signInAgainHref: string
}

export function renderAccountPage(options: AccountPageOptions): string {
  const { site, story, viewer, assets, user, account, signInAgainHref } = options
  const title = 'Your account'
  const known = [user.email, user.phone].filter((value): value is string => value !== undefined)
  const groups = account.groups.map(
    ({ group, from }) => html`<li><strong>${group}</strong>: ${from.map((origin) => ORIGIN[origin]).join(', ')}</li>`,
  )
  const invites = account.openInvites.map((invite) => {
    const desk = site.desks.get(invite.desk)
    const deskTitle = (desk === undefined ? '' : textAt(desk.title, story)) || invite.desk
    return html`<li>Into <strong>${invite.group}</strong> on the ${deskTitle}, until ${renderTime(
      new Date(invite.expiresAt * 1000).toISOString(),
      messagesFor(site, story),
    )}</li>`
  })
  const body = html`<h1>${title}</h1>
<p>You are signed in as <strong>${user.name ?? user.subject}</strong>${known.length > 0 ? html` (${known.join(', ')})` : null}.</p>
<h2>Your groups</h2>${
    groups.length === 0
      ? html`<p class="empty">You are in no group.</p>`
      : html`<ul class="account-groups">${groups}</ul>`
  }
<h2>Invites waiting for you</h2>${
    invites.length === 0
      ? html`<p class="empty">None.</p>`
      : html`<ul>${invites}</ul><p>Sign in again to accept them.</p><p><a class="button" href="${signInAgainHref}">Sign in again</a></p>`
  }`
  return renderLayout({ site, story, title, body, assets, viewer })
}
