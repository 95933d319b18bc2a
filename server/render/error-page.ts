// An error page that works even when no site could be loaded: with a site it
// wears the site's branding, without one a plain shell.
import type { SiteModel } from '../content/model'
import { renderDocument, type Assets } from './document'
import { englishMessages, messagesFor } from '../messages/messages'
import { html } from './html'
import { renderLayout } from './layout'
import { themeAsset } from './theme-asset'

export interface ErrorPageOptions {
  readonly site?: SiteModel
  /** The visitor's storyline when known; the first otherwise. */
  readonly story?: number
  readonly status: number
  /** In the site's language (server/messages). */
  readonly title: string
  readonly message: string
  readonly assets: Assets
}

export function renderErrorPage(options: ErrorPageOptions): string {
  const m = options.site === undefined ? englishMessages : messagesFor(options.site, options.story ?? 0)
  const { title, message } = options
  const code = html`<p class="error-code">${m.say('layout.error-code', { status: options.status })}</p>`
  const home = html`<p><a href="/">${m.say('layout.home-link')}</a></p>`
  const body = html`<h1>${title}</h1>${message === '' ? null : html`<p>${message}</p>`}${code}${home}`
  if (options.site !== undefined) {
    return renderLayout({
      site: options.site,
      story: options.story ?? 0,
      title,
      body,
      assets: options.assets,
    })
  }
  return renderDocument({
    m,
    lang: 'en',
    title: options.title,
    assets: options.assets,
    themeHref: themeAsset().href,
    banner: html`<div class="brand"><a class="brand-name" href="/">${m.say('layout.home')}</a></div>`,
    nav: [],
    main: body,
  })
}
