// After inviting someone by phone: the service sends no SMS, so the staff
// member gets the link to pass on. Shown once; only its hash is kept.
import { groupLabel } from '../../content/group-label'
import { messagesFor } from '../../messages/messages'
import type { SiteModel } from '../../content/model'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'

export interface InviteLinkPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly name: string
  readonly group: string
  readonly link: string
  readonly backTo: string
}

export function renderInviteLinkPage(options: InviteLinkPageOptions): string {
  const { site, story, viewer, assets, name, group, link, backTo } = options
  const m = messagesFor(site, story)
  const title = m.say('people.link.title')
  const body = html`<h1>${title}</h1>
<p>${m.sayHtml('people.link.pass-on', { name, group: html`<strong>${groupLabel(site, group, story)}</strong>` })}</p>
<p><input type="text" class="invite-link" readonly value="${link}" aria-label="${m.say('people.link.label')}"></p>
<p class="field-help">${m.say('people.link.once')}</p>
<p><a class="button" href="${backTo}">${m.say('people.link.back')}</a></p>`
  return renderLayout({ site, story, title, body, assets, viewer })
}
