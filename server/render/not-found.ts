// A 404 that helps: it says what was missing and offers the way back.
import { messagesFor } from '../messages/messages'
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html } from './html'
import { renderLayout } from './layout'
import { topLevelPublicPages } from './site-pages'
import { textAt } from '../content/storyline'

export interface NotFoundOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  /** The path that was asked for. */
  readonly path: string
}

export function renderNotFound(options: NotFoundOptions): string {
  const { site, story } = options
  const m = messagesFor(site, story)
  const pages = topLevelPublicPages(site).map(
    (page) => html`<li><a href="${page.path}">${textAt(page.title, story)}</a></li>`,
  )
  const where = m.sayHtml('not-found.where', { path: html`<code>${options.path}</code>` })
  const title = m.say('error.404')
  const home = html`<p><a href="/">${m.say('layout.home-link')}</a></p>`
  const body = html`<h1>${title}</h1><p>${where} ${m.say('not-found.mistyped')}</p>${home}${
    pages.length > 0 ? html`<h2>${m.say('not-found.pages')}</h2><ul class="page-list">${pages}</ul>` : null
  }`
  return renderLayout({ site, story, title, body, assets: options.assets })
}
