// After inviting someone by phone: the service sends no SMS, so the staff
// member gets the link to pass on. Shown once; only its hash is kept.
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
  const title = 'Pass the invite link on'
  const body = html`<h1>${title}</h1>
<p>${name} is invited into <strong>${group}</strong>. This service does not send text messages, so send them this link yourself, by SMS or however you reach them:</p>
<p><input type="text" class="invite-link" readonly value="${link}" aria-label="Invite link"></p>
<p class="field-help">The link is shown only this once. If it is lost, send a fresh one from the People view; the old one then stops working.</p>
<p><a class="button" href="${backTo}">Back to people</a></p>`
  return renderLayout({ site, story, title, body, assets, viewer })
}
