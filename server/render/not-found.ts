// A 404 that helps: it says what was missing and offers the way back.
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html } from './html'
import { renderLayout } from './layout'
import { topLevelPublicPages } from './site-pages'
import { textAt } from './storyline'

export interface NotFoundOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  /** The path that was asked for. */
  readonly path: string
}

const MISTYPED = 'The address may be mistyped, or the page may have moved.'

export function renderNotFound(options: NotFoundOptions): string {
  const { site, story } = options
  const pages = topLevelPublicPages(site).map(
    (page) => html`<li><a href="${page.path}">${textAt(page.title, story)}</a></li>`,
  )
  const where = html`There is no page at <code>${options.path}</code>.`
  const body = html`<h1>Page not found</h1><p>${where} ${MISTYPED}</p><p><a href="/">Go to the home page</a></p>${
    pages.length > 0 ? html`<h2>Pages on this site</h2><ul class="page-list">${pages}</ul>` : null
  }`
  return renderLayout({ site, story, title: 'Page not found', body, assets: options.assets })
}
