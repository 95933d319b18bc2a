// GET /my: the signed-in person's own account: who the service knows them
// as, their groups and where each came from, and invites waiting for them.
import type { MessageId } from '../../messages/en'
import { messagesFor } from '../../messages/messages'
import type { SiteModel } from '../../content/model'
import type { AccountGroups, GroupOrigin } from '../../people/account-groups'
import type { SessionUser } from '../../sessions'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { renderTime } from '../desk/time'
import type { Suggestion } from '../../suggestions/suggestion-record'
import { renderSuggestionsCard } from '../suggestions/suggestions-card'
import { phoneText } from '../answer-text'

const ORIGIN = {
  provider: 'account.origin.provider',
  invite: 'account.origin.invite',
  grant: 'account.origin.grant',
  seed: 'account.origin.seed',
  responsible: 'account.origin.responsible',
} as const satisfies Readonly<Record<GroupOrigin, MessageId>>

export interface AccountPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly user: SessionUser
  readonly account: AccountGroups
  readonly signInAgainHref: string
  /** The edit suggestions they sent, newest first. */
  readonly suggestions?: readonly Suggestion[]
}

export function renderAccountPage(options: AccountPageOptions): string {
  const { site, story, viewer, assets, user, account, signInAgainHref } = options
  const m = messagesFor(site, story)
  const title = m.say('account.title')
  const known = [user.email, user.phone && phoneText(user.phone, m)].filter(
    (value): value is string => value !== undefined,
  )
  const groups = account.groups.map(
    ({ group, from }) =>
      html`<li><strong>${group}</strong>: ${from.map((origin) => m.say(ORIGIN[origin])).join(', ')}</li>`,
  )
  const invites = account.openInvites.map((invite) => {
    const desk = site.desks.get(invite.desk)
    const deskTitle = (desk === undefined ? '' : textAt(desk.title, story)) || invite.desk
    const until = renderTime(new Date(invite.expiresAt * 1000).toISOString(), m)
    const group = html`<strong>${invite.group}</strong>`
    return html`<li>${m.sayHtml('account.invite-into', { group, desk: deskTitle, until })}</li>`
  })
  const body = html`<h1>${title}</h1>
<p>${m.sayHtml('sign-out.signed-in-as', {
    who: html`<strong>${user.name ?? user.subject}</strong>${known.length > 0 ? html` (${known.join(', ')})` : null}`,
  })}</p>
<h2>${m.say('account.groups')}</h2>${
    groups.length === 0
      ? html`<p class="empty">${m.say('account.no-group')}</p>`
      : html`<ul class="account-groups">${groups}</ul>`
  }
<h2>${m.say('account.invites')}</h2>${
    invites.length === 0
      ? html`<p class="empty">${m.say('account.no-invites')}</p>`
      : html`<ul>${invites}</ul><p>${m.say('account.accept-hint')}</p><p><a class="button" href="${signInAgainHref}">${m.say(
          'account.sign-in-again',
        )}</a></p>`
  }${renderSuggestionsCard(options.suggestions ?? [], m)}
<h2>${m.say('export.title')}</h2>
<p>${m.say('export.hint')}</p>
<p><a class="button" href="/my/export" download>${m.say('export.link')}</a></p>`
  return renderLayout({ site, story, title, body, assets, viewer })
}
