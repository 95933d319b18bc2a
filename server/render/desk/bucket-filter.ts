// A bucket's filter on the desk: a GET form, so it works without scripts and
// the result is a link that can be kept or shared with a colleague.
import type { Messages } from '../../messages/messages'
import type { Bucket } from '../../content/model'
import type { BucketFilter } from '../../desk/desk-query'
import { MAX_SEARCH } from '../../desk/desk-query'
import { deskPath } from '../../desk/names'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { textAt } from '../storyline'

export function renderBucketFilter(
  desk: string,
  bucket: Bucket,
  story: number,
  filter: BucketFilter,
  m: Messages,
): SafeHtml {
  const id = (part: string) => `${bucket.name}-${part}`
  const options = bucket.states.map((state) => {
    const selected = state.name === filter.state ? html` selected` : null
    return html`<option value="${state.name}"${selected}>${textAt(state.label, story)}</option>`
  })
  const filtered = filter.state !== undefined || filter.q !== ''
  const select = html`<select id="${id('state')}" name="state"><option value="">${m.say('desk.all-states')}</option>${options}</select>`
  const search = html`<input type="search" id="${id('q')}" name="q" value="${filter.q}" maxlength="${MAX_SEARCH}">`
  const clear = filtered ? html`<a href="${deskPath(desk)}">${m.say('desk.clear-filter')}</a>` : null
  const parts = [
    hiddenInputs({ bucket: bucket.name }),
    html`<div class="desk-filter-field"><label for="${id('state')}">${m.say('desk.column.state')}</label>${select}</div>`,
    html`<div class="desk-filter-field"><label for="${id('q')}">${m.say('desk.search')}</label>${search}</div>`,
    html`<div class="desk-filter-actions"><button type="submit" class="button">${m.say('desk.show')}</button>${clear}</div>`,
  ]
  const label = m.say('desk.filter', { title: textAt(bucket.title, story) })
  const attrs = html`method="get" action="${deskPath(desk)}" role="search" aria-label="${label}"`
  return html`<form class="desk-filter" ${attrs}>${parts}</form>`
}
