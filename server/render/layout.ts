// A site page's document: the site's branding, read in one storyline, around
// a page body.
import type { SiteModel } from '../content/model'
import { messagesFor } from '../messages/messages'
import { renderAccount, type Viewer } from './account'
import { renderDocument, type Assets } from './document'
import { html, type SafeHtml } from './html'
import { renderMarkdown } from './markdown'
import { siteNav } from './site-pages'
import { checkStory, textAt } from '../content/storyline'
import { themeAsset } from './theme-asset'
import { siteFileUrl } from '../content/paths'

export interface LayoutOptions {
  readonly site: SiteModel
  readonly story: number
  readonly title: string
  readonly body: SafeHtml
  readonly assets: Assets
  /** The page shown, marked in the menu. */
  readonly currentPath?: string
  /** A message shown at the top of the page, e.g. after filing a record. */
  readonly status?: SafeHtml
  /** Who is looking: shown in the header with sign-in or sign-out. */
  readonly viewer?: Viewer
  /** The page shows a map or a map picker. */
  readonly maps?: boolean
  /** A place is given without a map on this page: its "Use my position" needs the service's script. */
  readonly locate?: boolean
}

function renderBanner(site: SiteModel, name: string): SafeHtml {
  const logo = site.branding.logo
  // The logo sits inside the home link beside the name, so it is decorative:
  // an alt text would make screen readers say the name twice.
  return html`<div class="brand"><a class="brand-name" href="/">${
    logo === undefined ? null : html`<img class="brand-logo" src="${siteFileUrl(logo)}" alt="">`
  }${name}</a></div>`
}

function renderFooter(site: SiteModel, story: number): SafeHtml {
  const tagline = textAt(site.branding.tagline, story)
  const footer = textAt(site.branding.footer, story)
  return html`${tagline ? html`<p class="tagline">${tagline}</p>` : null}${
    footer ? html`<div class="footer-text">${renderMarkdown(footer)}</div>` : null
  }`
}

export function renderLayout(options: LayoutOptions): string {
  const { site, story } = options
  checkStory(site, story)
  const name = textAt(site.branding.name, story)
  const favicon = site.branding.favicon
  const m = messagesFor(site, story)
  return renderDocument({
    m,
    lang: site.branding.language,
    title: options.title && options.title !== name ? `${options.title} – ${name}` : name,
    assets: options.assets,
    favicon: favicon === undefined ? undefined : siteFileUrl(favicon),
    themeHref: themeAsset(site.branding).href,
    banner: html`${renderBanner(site, name)}${renderAccount(options.viewer, m)}`,
    nav: [
      ...siteNav(site, story, {
        currentPath: options.currentPath,
        groupPages: options.viewer?.signedIn === true ? options.viewer.groupPages : undefined,
      }),
      // A phone keeps the header short: the desks move from the account corner into the menu.
      ...(options.viewer?.signedIn === true ? options.viewer.desks.map((desk) => ({ ...desk, narrowOnly: true })) : []),
    ],
    status: options.status,
    main: options.body,
    footer: renderFooter(site, story),
    maps: options.maps,
    locate: options.locate,
  })
}
