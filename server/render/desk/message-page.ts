// The desk's friendly refusals and conflicts (403, 404, 409): a short
// explanation and the way on, inside the site's own layout and header.
import { messagesFor } from '../../messages/messages'
import type { SiteModel } from '../../content/model'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html } from '../html'
import { renderLayout } from '../layout'
import type { Said } from '../../messages/said'

export interface MessageLink {
  readonly href: string
  readonly label: Said
}

export interface DeskMessage {
  readonly status: number
  readonly title: Said
  readonly message: Said
  readonly links: readonly MessageLink[]
}

export interface MessagePageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly message: DeskMessage
}

export function renderMessagePage({ site, story, viewer, assets, message }: MessagePageOptions): string {
  const m = messagesFor(site, story)
  const say = ({ id, values }: Said) => m.say(id, values)
  const links = message.links.map((link) => html`<li><a href="${link.href}">${say(link.label)}</a></li>`)
  const title = say(message.title)
  const body = html`<h1>${title}</h1><p>${say(message.message)}</p>${
    links.length > 0 ? html`<ul class="desk-links">${links}</ul>` : null
  }<p class="error-code">${m.say('layout.error-code', { status: message.status })}</p>`
  return renderLayout({ site, story, title, body, assets, viewer })
}
