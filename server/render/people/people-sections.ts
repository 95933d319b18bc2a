// The People view's lists: a search, then one section per group with its
// count, a page of cards, and the way to the rest of the group.
import type { Clock } from '../desk/time'
import { peopleQueryString, type PeopleQuery } from '../../people/people-query'
import type { PeopleSection } from '../../people/people-rows'
import { html, type SafeHtml } from '../html'
import { renderMemberCard } from './member-card'

const count = (n: number) => n.toLocaleString('en')

export function renderPeopleSearch(path: string, query: PeopleQuery): SafeHtml {
  const group = query.group === undefined ? null : html`<input type="hidden" name="group" value="${query.group}">`
  return html`<form class="people-search" method="get" action="${path}" role="search">${group}
<div class="field"><label for="people-q">Find a person</label><input type="search" id="people-q" name="q" maxlength="100" value="${query.q}" placeholder="Name, address or phone number"></div>
<button type="submit" class="button">Find</button>${
    query.q === '' && query.group === undefined ? null : html` <a href="${path}">Show everyone</a>`
  }</form>`
}

export function renderPeopleSection(
  path: string,
  section: PeopleSection,
  query: PeopleQuery,
  card: { readonly csrf: string; readonly now: Date; readonly clock: Clock },
): SafeHtml {
  const { group, total, rows } = section
  const heading = html`<h2 id="group-${group}">${group} <span class="people-count">(${count(total)})</span></h2>`
  if (total === 0) {
    const none = query.q === '' ? 'Nobody is in this group through the service yet.' : 'Nobody here matches the search.'
    return html`<section class="people-group" aria-labelledby="group-${group}">${heading}<p class="empty">${none}</p></section>`
  }
  const cards = html`<ul class="members">${rows.map((row) => renderMemberCard(path, row, card.csrf, card.now, card.clock))}</ul>`
  return html`<section class="people-group" aria-labelledby="group-${group}">${heading}${cards}${renderMore(path, section, query)}</section>`
}

function renderMore(path: string, { group, total, page, pages }: PeopleSection, query: PeopleQuery): SafeHtml | null {
  if (pages <= 1) return null
  if (query.group !== group)
    return html`<p><a href="${path}${peopleQueryString({ q: query.q, group })}">All ${count(total)} in ${group}, a page at a time</a></p>`
  const href = (to: number) => `${path}${peopleQueryString({ q: query.q, group, page: to })}`
  const previous = page > 1 ? html`<a rel="prev" href="${href(page - 1)}">Previous page</a>` : null
  const next = page < pages ? html`<a rel="next" href="${href(page + 1)}">Next page</a>` : null
  return html`<nav class="desk-pager" aria-label="${`Pages of ${group}`}">${previous}<span class="desk-pager-at">Page ${page} of ${pages}</span>${next}</nav>`
}
