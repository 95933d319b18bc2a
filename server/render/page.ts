// A content page as a full document.
import { renderBlocks, type BlocksOptions } from './blocks'
import type { Viewer } from './account'
import type { Assets } from './document'
import { messagesFor, type Messages } from '../messages/messages'
import { html, type SafeHtml } from './html'
import { renderLayout } from './layout'
import { textAt } from '../content/storyline'
import type { SiteModel } from '../content/model'

export interface PageOptions extends BlocksOptions {
  readonly assets: Assets
  readonly status?: SafeHtml
  readonly viewer?: Viewer
  /** The viewer is named as responsible for this page: where they suggest a change. */
  readonly suggestHref?: string
}

function asksForPlace(site: SiteModel, bucket: string): boolean {
  return site.buckets.get(bucket)?.fields.some((field) => field.type === 'location') ?? false
}

export function renderPage(options: PageOptions): string {
  const { site, page, story } = options
  const title = textAt(page.title, story)
  return renderLayout({
    site,
    story,
    title,
    body: html`<h1>${title}</h1>${renderBlocks(options)}${
      options.suggestHref === undefined ? null : suggestLink(options.suggestHref, messagesFor(site, story))
    }`,
    assets: options.assets,
    currentPath: page.path,
    status: options.status,
    viewer: options.viewer,
    maps: options.mapsOn && page.blocks.some((block) => block.kind !== 'text'),
    locate: !options.mapsOn && page.blocks.some((block) => block.kind === 'form' && asksForPlace(site, block.bucket)),
  })
}

const suggestLink = (href: string, m: Messages) =>
  html`<p class="suggest-link"><a class="button button-secondary" href="${href}">${m.say('suggest.link')}</a></p>`
