// One bucket on a desk: its filter, a table of records in the order asked
// for (newest first unless a column heading was chosen), the range shown,
// paging, the CSV export of what is filtered and, last, how its cases move.
import type { Messages } from '../../messages/messages'
import { ALL_STATES, filterQuery, isFiltered } from '../../desk/desk-query'
import type { BucketListing } from '../../desk/listing'
import { recordName } from '../../content/record-name'
import { referenceOf } from '../../records/reference'
import { html, type SafeHtml } from '../html'
import { textAt } from '../../content/storyline'
import { renderBucketFilter } from './bucket-filter'
import { renderPager } from './pager'
import { renderSortHead, sortCaption } from './sort-head'
import { stateLabel } from './state-label'
import { renderTime } from './time'
import { renderToldIn } from './told-in'
import { deskPath, exportPath, deskRecordPath } from '../../content/paths'

function renderRows(
  desk: string,
  { bucket, items, activity }: BucketListing,
  story: number,
  tags: boolean,
  m: Messages,
): SafeHtml {
  return html`${items.map((view, i) => {
    const href = deskRecordPath(desk, bucket.name, view.id)
    const tag = tags ? html` ${renderToldIn(view.storyline, m)}` : null
    const { activeAt, unread } = activity[i] ?? { unread: false }
    // A word, not a colour alone, that the case's link is described by: read out with its name.
    const markerId = `${bucket.name}-${view.id}-unread`
    const marker = unread ? html` <strong class="desk-unread" id="${markerId}">${m.say('desk.unread')}</strong>` : null
    const described = unread ? html` aria-describedby="${markerId}"` : null
    const erased =
      view.erasedAt === undefined ? null : html` <span class="desk-erased-tag">${m.say('desk.erased-tag')}</span>`
    const name = html`<td><a href="${href}"${described}>${recordName(bucket, view)}</a>${marker}${erased}${tag}</td>`
    const active = html`<td>${activeAt === undefined ? null : renderTime(activeAt, m)}</td>`
    const moved = view.enteredAt === view.filedAt ? html`<td></td>` : html`<td>${renderTime(view.enteredAt, m)}</td>`
    const state = html`<td>${stateLabel(bucket, view.state, story)}</td>`
    const reference = html`<td><code>${referenceOf(view.filedSeq)}</code></td>`
    const row = html`${name}${state}<td>${renderTime(view.filedAt, m)}</td>${moved}${active}${reference}`
    return html`<tr${unread ? html` class="desk-row-unread"` : null}>${row}</tr>`
  })}`
}

function renderTable(
  desk: string,
  listing: BucketListing,
  story: number,
  title: string,
  tags: boolean,
  m: Messages,
): SafeHtml {
  const caption = html`<caption class="visually-hidden">${sortCaption(listing.filter.sort, title, m)}</caption>`
  const head = renderSortHead(desk, listing.bucket.name, listing.filter, m)
  const body = html`<tbody>${renderRows(desk, listing, story, tags, m)}</tbody>`
  return html`<table class="desk-table">${caption}${head}${body}</table>`
}

function rangeLineOf(total: number, offset: number, shown: number, m: Messages): SafeHtml | null {
  if (total === 0) return null
  const range =
    shown === 0
      ? m.say('desk.range-none', { total })
      : m.say('desk.range', { from: offset + 1, to: offset + shown, total })
  return html`<p class="desk-range" aria-live="polite">${range}</p>`
}

function renderEmpty(desk: string, listing: BucketListing, filtered: boolean, m: Messages): SafeHtml {
  const { bucket, filter, closedHidden } = listing
  if (closedHidden === 0) return html`<p class="empty">${m.say(filtered ? 'desk.no-match' : 'desk.no-records')}</p>`
  const href = `${deskPath(desk)}${filterQuery(bucket.name, { ...filter, state: ALL_STATES, page: 1 })}`
  const closed = closedHidden.toLocaleString(m.language)
  return html`<p class="empty">${m.say('desk.no-open', { closed })} <a href="${href}">${m.say('desk.show-closed')}</a></p>`
}

export function renderBucketSection(
  desk: string,
  listing: BucketListing,
  story: number,
  tags: boolean,
  m: Messages,
  diagram?: SafeHtml,
): SafeHtml {
  const { bucket, filter, window, total, items } = listing
  const title = textAt(bucket.title, story) || bucket.name
  const headingId = `desk-${bucket.name}`
  const filtered = isFiltered(filter)
  const table =
    items.length === 0 ? renderEmpty(desk, listing, filtered, m) : renderTable(desk, listing, story, title, tags, m)
  // With nothing to list, the empty message says so once; no "No records" above it.
  const exportHref = `${exportPath(desk, bucket.name)}${filterQuery(bucket.name, { ...filter, page: 1 })}`
  const heading = html`<h2 id="${headingId}">${title}</h2>`
  const rangeLine = rangeLineOf(total, window.offset, items.length, m)
  const download = m.say(filtered ? 'desk.export-these' : 'desk.export-all')
  const exportLine = html`<p class="desk-export"><a href="${exportHref}" download>${download}</a></p>`
  const parts = [
    heading,
    renderBucketFilter(desk, bucket, story, filter, m),
    rangeLine,
    table,
    renderPager(desk, bucket.name, title, filter, window, m),
    exportLine,
    diagram,
  ]
  const attrs = html`aria-labelledby="${headingId}" data-bucket="${bucket.name}"`
  return html`<section class="desk-bucket" ${attrs}>${parts}</section>`
}
