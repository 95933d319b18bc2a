// The document shell shared by site pages and the plain error page: head,
// skip link and landmarks. Everything site-specific arrives already resolved.
import { html, safeUrl, type SafeHtml } from './html'
import type { Messages } from '../messages/messages'
import type { NavLink } from './site-pages'

export interface Assets {
  /** URL of the stylesheet. */
  readonly css: string
  /** The map library's stylesheet and scripts, loaded only on pages with a map. */
  readonly maps?: { readonly css: string; readonly scripts: readonly string[] }
  /** The service's own script (map.js) alone: what a page without a map needs for "Use my position". */
  readonly script?: string
}

export interface DocumentParts {
  /** The service's own words, in the site's language. */
  readonly m: Messages
  readonly lang: string
  readonly title: string
  readonly assets: Assets
  readonly favicon?: string
  /** The branding's stylesheet (theme-asset.ts). */
  readonly themeHref: string
  readonly banner: SafeHtml
  readonly nav: readonly NavLink[]
  readonly status?: SafeHtml
  readonly main: SafeHtml
  readonly footer?: SafeHtml
  /** Whether the page shows a map (or a map picker): loads the map library. */
  readonly maps?: boolean
  /** Whether the page has a place to give without a map: loads the service's script for "Use my position". */
  readonly locate?: boolean
}

// On a phone the menu folds into a disclosure that works without JavaScript;
// on a wide screen site.css shows it open, without the summary.
function renderNav(links: readonly NavLink[], m: Messages): SafeHtml | null {
  if (links.length === 0) return null
  const items = links.map((link) => {
    const current = link.current ? html` aria-current="page"` : null
    const narrow = link.narrowOnly === true ? html` class="nav-narrow"` : null
    return html`<li${narrow}><a href="${safeUrl(link.href) ?? '/'}"${current}>${link.label}</a></li>`
  })
  const label = m.say('layout.nav-label')
  const menu = html`<details class="site-menu"><summary>${m.say('layout.menu')}</summary><ul>${items}</ul></details>`
  return html`<nav class="site-nav" aria-label="${label}">${menu}</nav>`
}

function mapAssets({ maps, locate, assets }: DocumentParts): SafeHtml | null {
  if (maps !== true || assets.maps === undefined)
    return locate === true && assets.script !== undefined ? html`<script src="${assets.script}" defer></script>` : null
  const scripts = assets.maps.scripts.map((src) => html`<script src="${src}" defer></script>`)
  return html`<link rel="stylesheet" href="${assets.maps.css}">${scripts}`
}

export function renderDocument(parts: DocumentParts): string {
  const favicon = parts.favicon === undefined ? null : html`<link rel="icon" href="${parts.favicon}">`
  const status = parts.status === undefined ? null : html`<div class="status" role="status">${parts.status}</div>`
  const footer =
    parts.footer === undefined
      ? null
      : html`<footer class="site-footer"><div class="container">${parts.footer}</div></footer>`
  return html`<!doctype html>
<html lang="${parts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${parts.title}</title>
${favicon}
<link rel="stylesheet" href="${parts.assets.css}">${mapAssets(parts)}
<link rel="stylesheet" href="${parts.themeHref}">
</head>
<body>
<a class="skip-link" href="#main">${parts.m.say('layout.skip-link')}</a>
<header class="site-header" role="banner"><div class="container">${parts.banner}${renderNav(parts.nav, parts.m)}</div></header>
<main id="main" class="container" tabindex="-1">${status}${parts.main}</main>
${footer}
</body>
</html>
`.toString()
}
