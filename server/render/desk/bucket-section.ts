// One bucket on a desk: its filter, a table of records newest first, the
// range shown, paging and the CSV export of what is filtered.
import { filterQuery } from '../../desk/desk-query'
import { exportPath, deskRecordPath } from '../../desk/names'
import type { BucketListing } from '../../desk/listing'
import { rangeText } from '../../desk/paging'
import { recordName } from '../../content/record-name'
import { html, type SafeHtml } from '../html'
import { textAt } from '../storyline'
import { renderBucketFilter } from './bucket-filter'
import { renderPager } from './pager'
import { stateLabel } from './state-label'
import { renderTime } from './time'

function renderRows(desk: string, { bucket, items }: BucketListing, story: number): SafeHtml {
  return html`${items.map((view) => html`<tr><td><a href="${deskRecordPath(desk, bucket.name, view.id)}">${recordName(bucket, view)}</a></td><td>${stateLabel(bucket, view.state, story)}</td><td>${renderTime(view.filedAt)}</td></tr>`)}`
}

export function renderBucketSection(desk: string, listing: BucketListing, story: number): SafeHtml {
  const { bucket, filter, window, total, items } = listing
  const title = textAt(bucket.title, story) || bucket.name
  const headingId = `desk-${bucket.name}`
  const filtered = filter.state !== undefined || filter.q !== ''
  const table =
    items.length === 0
      ? html`<p class="empty">${filtered ? 'No records match this filter.' : 'No records yet.'}</p>`
      : html`<table class="desk-table"><caption class="visually-hidden">${title}, newest first</caption><thead><tr><th scope="col">Name</th><th scope="col">State</th><th scope="col">Filed</th></tr></thead><tbody>${renderRows(desk, listing, story)}</tbody></table>`
  const exportQuery = filterQuery(bucket.name, { ...filter, page: 1 })
  return html`<section class="desk-bucket" aria-labelledby="${headingId}" data-bucket="${bucket.name}"><h2 id="${headingId}">${title}</h2>${renderBucketFilter(
    desk,
    bucket,
    story,
    filter,
  )}<p class="desk-range" aria-live="polite">${total === 0 ? 'No records' : rangeText(total, window.offset, items.length)}</p>${table}${renderPager(
    desk,
    bucket.name,
    title,
    filter,
    window,
  )}<p class="desk-export"><a href="${`${exportPath(desk, bucket.name)}${exportQuery}`}" download>Download ${filtered ? 'these records' : 'all records'} as CSV</a></p></section>`
}
