// The desk table's column headings: Filed, Last moved, Last activity and State are links
// that put the listing in their order, kept in the URL (`sort=`) like the
// filter, so a reload, the pager and a shared link keep it.
import { filterQuery, type BucketFilter, type DeskSort } from '../../desk/desk-query'
import type { Messages } from '../../messages/messages'
import { html, type SafeHtml } from '../html'
import { deskPath } from '../../content/paths'

const CAPTIONS = {
  newest: 'desk.newest-first',
  oldest: 'desk.oldest-first',
  moved: 'desk.moved-first',
  state: 'desk.by-state',
  activity: 'desk.activity-first',
} as const satisfies Readonly<Record<DeskSort, string>>

/** The table's caption: its title and the order it is in. */
export const sortCaption = (sort: DeskSort, title: string, m: Messages): string => m.say(CAPTIONS[sort], { title })

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

export function renderSortHead(desk: string, bucket: string, filter: BucketFilter, m: Messages): SafeHtml {
  const cells = [
    html`<th scope="col">${m.say('desk.column.name')}</th>`,
    sortable(desk, bucket, filter, m.say('desk.column.state'), ['state']),
    sortable(desk, bucket, filter, m.say('desk.column.filed'), ['newest', 'oldest']),
    sortable(desk, bucket, filter, m.say('desk.column.moved'), ['moved']),
    sortable(desk, bucket, filter, m.say('desk.column.activity'), ['activity']),
    html`<th scope="col">${m.say('case.reference')}</th>`,
  ]
  return html`<thead><tr>${cells}</tr></thead>`
}
