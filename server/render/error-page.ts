// An error page that works even when no site could be loaded: with a site it
// wears the site's branding, without one a plain shell.
import type { SiteModel } from '../content/model'
import { renderDocument, type Assets } from './document'
import { html } from './html'
import { renderLayout } from './layout'
import { themeAsset } from './theme-asset'

export interface ErrorPageOptions {
  readonly site?: SiteModel
  /** The visitor's storyline when known; the first otherwise. */
  readonly story?: number
  readonly status: number
  readonly title: string
  readonly message: string
  readonly assets: Assets
}

export function renderErrorPage(options: ErrorPageOptions): string {
  const code = html`<p class="error-code">Error ${options.status}</p>`
  const body = html`<h1>${options.title}</h1><p>${options.message}</p>${code}<p><a href="/">Go to the home page</a></p>`
  if (options.site !== undefined) {
    return renderLayout({
      site: options.site,
      story: options.story ?? 0,
      title: options.title,
      body,
      assets: options.assets,
    })
  }
  return renderDocument({
    lang: 'en',
    title: options.title,
    assets: options.assets,
    themeHref: themeAsset().href,
    banner: html`<div class="brand"><a class="brand-name" href="/">Home</a></div>`,
    nav: [],
    main: body,
  })
}
