// The desk table's column headings: Filed, Last moved and State are links
// that put the listing in their order, kept in the URL (`sort=`) like the
// filter, so a reload, the pager and a shared link keep it.
import { filterQuery, type BucketFilter, type DeskSort } from '../../desk/desk-query'
import { deskPath } from '../../desk/names'
import { html, type SafeHtml } from '../html'

const CAPTIONS: Readonly<Record<DeskSort, string>> = {
  newest: 'newest first',
  oldest: 'oldest first',
  moved: 'last moved first',
  state: 'by state',
}

export const sortCaption = (sort: DeskSort): string => CAPTIONS[sort]

function sortable(desk: string, bucket: string, filter: BucketFilter, label: string, sorts: readonly DeskSort[]) {
  const at = sorts.indexOf(filter.sort)
  // A second press on Filed turns it round; the others have one order.
  const next = sorts[(at + 1) % sorts.length] ?? sorts[0]!
  const href = `${deskPath(desk)}${filterQuery(bucket, { ...filter, sort: next, page: 1 })}`
  const sort =
    at === -1
      ? null
      : html` aria-sort="${filter.sort === 'oldest' || filter.sort === 'state' ? 'ascending' : 'descending'}"`
  return html`<th scope="col"${sort}><a href="${href}" data-sort="${next}">${label}</a></th>`
}

export function renderSortHead(desk: string, bucket: string, filter: BucketFilter): SafeHtml {
  const cells = [
    html`<th scope="col">Name</th>`,
    sortable(desk, bucket, filter, 'State', ['state']),
    sortable(desk, bucket, filter, 'Filed', ['newest', 'oldest']),
    sortable(desk, bucket, filter, 'Last moved', ['moved']),
    html`<th scope="col">Reference</th>`,
  ]
  return html`<thead><tr>${cells}</tr></thead>`
}
