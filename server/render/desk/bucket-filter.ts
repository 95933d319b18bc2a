// A bucket's filter on the desk: a GET form, so it works without scripts and
// the result is a link that can be kept or shared with a colleague.
import type { Messages } from '../../messages/messages'
import type { Bucket } from '../../content/model'
import { ALL_STATES, isFiltered, MAX_SEARCH, type BucketFilter } from '../../desk/desk-query'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { textAt } from '../../content/storyline'
import { deskLabelOf } from './state-label'
import { deskPath } from '../../content/paths'

export function renderBucketFilter(
  desk: string,
  bucket: Bucket,
  story: number,
  filter: BucketFilter,
  m: Messages,
): SafeHtml {
  const id = (part: string) => `${bucket.name}-${part}`
  const option = (value: string, label: string) => {
    const selected = value === (filter.state ?? '') ? html` selected` : null
    return html`<option value="${value}"${selected}>${label}</option>`
  }
  const closed = bucket.states.some((state) => state.closed === true)
  // A closed state already called "Closed" is not called "Closed (closed)".
  const closedLabel = (label: string) =>
    label.toLowerCase() === m.say('desk.closed-word').toLowerCase()
      ? label
      : m.say('desk.state-closed', { state: label })
  const options = [
    closed ? option('', m.say('desk.open-cases')) : null,
    option(closed ? ALL_STATES : '', m.say('desk.all-states')),
    ...bucket.states.map((state) =>
      option(state.name, state.closed === true ? closedLabel(deskLabelOf(state, story)) : deskLabelOf(state, story)),
    ),
  ]
  const filtered = isFiltered(filter)
  const select = html`<select id="${id('state')}" name="state">${options}</select>`
  const search = html`<input type="search" id="${id('q')}" name="q" value="${filter.q}" maxlength="${MAX_SEARCH}">`
  const checked = filter.unread === true ? html` checked` : null
  const unread = html`<input type="checkbox" id="${id('unread')}" name="unread" value="1"${checked}>`
  const clear = filtered ? html`<a href="${deskPath(desk)}">${m.say('desk.clear-filter')}</a>` : null
  const parts = [
    hiddenInputs(filter.sort === 'newest' ? { bucket: bucket.name } : { bucket: bucket.name, sort: filter.sort }),
    html`<div class="desk-filter-field"><label for="${id('state')}">${m.say('desk.column.state')}</label>${select}</div>`,
    html`<div class="desk-filter-field"><label for="${id('q')}">${m.say('desk.search')}</label>${search}</div>`,
    html`<div class="desk-filter-field desk-filter-check">${unread}<label for="${id('unread')}">${m.say('desk.unread-only')}</label></div>`,
    html`<div class="desk-filter-actions"><button type="submit" class="button">${m.say('desk.show')}</button>${clear}</div>`,
  ]
  const label = m.say('desk.filter', { title: textAt(bucket.title, story) })
  const attrs = html`method="get" action="${deskPath(desk)}" role="search" aria-label="${label}"`
  return html`<form class="desk-filter" ${attrs}>${parts}</form>`
}
