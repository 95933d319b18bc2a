// The People view's lists: a search, then one section per group with its
// count, a page of cards, and the way to the rest of the group.
import type { Messages } from '../../messages/messages'
import { peopleQueryString, type PeopleQuery } from '../../people/people-query'
import type { PeopleSection } from '../../people/people-rows'
import { html, type SafeHtml } from '../html'
import { renderMemberCard } from './member-card'

const count = (n: number, m: Messages) => n.toLocaleString(m.language)

export function renderPeopleSearch(path: string, query: PeopleQuery, m: Messages): SafeHtml {
  const group = query.group === undefined ? null : html`<input type="hidden" name="group" value="${query.group}">`
  return html`<form class="people-search" method="get" action="${path}" role="search">${group}
<div class="field"><label for="people-q">${m.say('people.find-label')}</label>${searchBox(query.q, m)}</div>
<button type="submit" class="button">${m.say('people.find')}</button>${
    query.q === '' && query.group === undefined ? null : html` <a href="${path}">${m.say('people.everyone')}</a>`
  }</form>`
}

export function renderPeopleSection(
  path: string,
  section: PeopleSection,
  query: PeopleQuery,
  card: { readonly csrf: string; readonly now: Date; readonly m: Messages; readonly label: (group: string) => string },
): SafeHtml {
  const { group, total, rows } = section
  const { m, label } = card
  const heading = html`<h2 id="group-${group}">${label(group)} <span class="people-count">(${count(total, m)})</span></h2>`
  if (total === 0) {
    const none = m.say(query.q === '' ? 'people.group-empty' : 'people.no-match')
    return html`<section class="people-group" aria-labelledby="group-${group}">${heading}<p class="empty">${none}</p></section>`
  }
  const cards = html`<ul class="members">${rows.map((row) => renderMemberCard(path, row, card.csrf, card.now, m))}</ul>`
  const more = renderMore(path, section, query, m, label(group))
  return html`<section class="people-group" aria-labelledby="group-${group}">${heading}${cards}${more}</section>`
}

function renderMore(
  path: string,
  { group, total, page, pages }: PeopleSection,
  query: PeopleQuery,
  m: Messages,
  label: string,
): SafeHtml | null {
  if (pages <= 1) return null
  if (query.group !== group) {
    const all = m.say('people.all-in', { count: count(total, m), group: label })
    return html`<p><a href="${path}${peopleQueryString({ q: query.q, group })}">${all}</a></p>`
  }
  const href = (to: number) => `${path}${peopleQueryString({ q: query.q, group, page: to })}`
  const previous = page > 1 ? html`<a rel="prev" href="${href(page - 1)}">${m.say('desk.previous-page')}</a>` : null
  const next = page < pages ? html`<a rel="next" href="${href(page + 1)}">${m.say('desk.next-page')}</a>` : null
  const at = html`<span class="desk-pager-at">${m.say('desk.page-of', { page, pages })}</span>`
  return html`<nav class="desk-pager" aria-label="${m.say('desk.pages-of', { label })}">${previous}${at}${next}</nav>`
}

function searchBox(q: string, m: Messages): SafeHtml {
  const placeholder = m.say('people.find-placeholder')
  return html`<input type="search" id="people-q" name="q" maxlength="100" value="${q}" placeholder="${placeholder}">`
}
