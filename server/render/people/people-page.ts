// GET /desk/{desk}/people: the memberships of the groups this desk invites
// into (those the person may invite into), an invite form, and per person
// remove, invite-again and fresh-link buttons.
import { peoplePath } from '../../content/paths'
import type { Said } from '../../messages/said'
import { groupLabel } from '../../content/group-label'
import { messagesFor } from '../../messages/messages'
import type { Desk, SiteModel } from '../../content/model'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { renderInviteForm, type InviteFormState } from './invite-fields'
import type { PeopleQuery } from '../../people/people-query'
import type { PeopleSection } from '../../people/people-rows'
import { renderPeopleSearch, renderPeopleSection } from './people-sections'

export interface PeoplePageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desk: Desk
  /** The groups the person may invite into, in the desk's order. */
  readonly groups: readonly string[]
  /** One per group shown: all the person may invite into, or the one being paged through. */
  readonly sections: readonly PeopleSection[]
  readonly query: PeopleQuery
  readonly csrf: string
  readonly now: Date
  readonly form?: InviteFormState
  /** A line at the top: what the last post did, or why it was refused. */
  readonly notice?: { readonly said: Said; readonly problem: boolean }
}

export function renderPeoplePage(options: PeoplePageOptions): string {
  const { site, story, viewer, assets, desk, groups, sections, query, csrf, now, notice } = options
  const m = messagesFor(site, story)
  const deskTitle = textAt(desk.title, story) || desk.name
  const title = m.say('people.title', { desk: deskTitle })
  const action = peoplePath(desk.name)
  const label = (group: string) => groupLabel(site, group, story)
  const lists = sections.map((section) => renderPeopleSection(action, section, query, { csrf, now, m, label }))
  const shown =
    notice === undefined
      ? null
      : html`<p class="form-notice${notice.problem ? ' form-problem' : ''}" role="${notice.problem ? 'alert' : 'status'}">${m.say(
          notice.said.id,
          notice.said.values,
        )}</p>`
  const inviteForm = renderInviteForm(action, groups, csrf, options.form, m, label)
  const inviteHeading = html`<h2 id="invite-heading">${m.say('people.invite')}</h2>`
  const back = html`<p class="desk-back"><a href="/desk/${desk.name}">${m.say('desk.back-to', { desk: deskTitle })}</a></p>`
  const body = html`${back}<h1>${title}</h1>${shown}
<section class="people-invite" aria-labelledby="invite-heading">${inviteHeading}${inviteForm}</section>
${renderPeopleSearch(action, query, m)}${lists}
<p class="field-help">${m.say('people.provider-note')}</p>`
  return renderLayout({ site, story, title, body, assets, viewer })
}
