// Previous and next pages of a bucket's listing, keeping its filter.
import type { Messages } from '../../messages/messages'
import type { BucketFilter } from '../../desk/desk-query'
import { filterQuery } from '../../desk/desk-query'
import type { PageWindow } from '../../desk/paging'
import { html, type SafeHtml } from '../html'
import { deskPath } from '../../content/paths'

export function renderPager(
  desk: string,
  bucket: string,
  label: string,
  filter: BucketFilter,
  window: PageWindow,
  m: Messages,
): SafeHtml | null {
  if (window.pages <= 1) return null
  const href = (page: number) => `${deskPath(desk)}${filterQuery(bucket, { ...filter, page })}`
  const previous =
    window.page > 1 ? html`<a rel="prev" href="${href(window.page - 1)}">${m.say('desk.previous-page')}</a>` : null
  const next =
    window.page < window.pages
      ? html`<a rel="next" href="${href(window.page + 1)}">${m.say('desk.next-page')}</a>`
      : null
  const at = html`<span class="desk-pager-at">${m.say('desk.page-of', { page: window.page, pages: window.pages })}</span>`
  return html`<nav class="desk-pager" aria-label="${m.say('desk.pages-of', { label })}">${previous}${at}${next}</nav>`
}
