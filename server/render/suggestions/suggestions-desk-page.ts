// GET /desk/{desk}/suggestions: every edit suggestion, newest first, each
// with who sent it for which page, its changes as diffs, where it stands,
// its pull request, and accept and decline while it is `sent`.
import { messagesFor, type Messages } from '../../messages/messages'
import type { MessageId } from '../../messages/en'
import type { Desk, SiteModel } from '../../content/model'
import { changeHeading } from '../../suggestions/suggestion-diff'
import { renderWordDiff } from './word-diff'
import type { Suggestion } from '../../suggestions/suggestion-record'
import type { Viewer } from '../account'
import { renderTime } from '../desk/time'
import type { Assets } from '../document'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, safeUrl, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../../content/storyline'
import { STATE_LABELS } from './suggestion-state'
import { deskSuggestionsPath } from '../../content/paths'
import { phoneText } from '../answer-text'

export interface SuggestionsDeskOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desk: Desk
  readonly suggestions: readonly Suggestion[]
  readonly csrf: string
  readonly notice?: MessageId
}

export function renderSuggestionsDesk(options: SuggestionsDeskOptions): string {
  const { site, story, viewer, assets, desk, suggestions, csrf } = options
  const deskTitle = textAt(desk.title, story) || desk.name
  const m = messagesFor(site, story)
  const title = m.say('suggestions.desk.title', { desk: deskTitle })
  const items = suggestions.map((suggestion) => renderSuggestion(desk, suggestion, csrf, m))
  const back = html`<p><a href="/desk/${desk.name}">${m.say('suggestions.desk.back', { desk: deskTitle })}</a></p>`
  const list =
    items.length === 0
      ? html`<p class="empty">${m.say('suggestions.desk.empty')}</p>`
      : html`<ol class="suggestions">${items}</ol>`
  const body = html`<h1>${title}</h1>${back}${list}`
  return renderLayout({
    site,
    story,
    title,
    body,
    assets,
    viewer,
    ...(options.notice === undefined ? {} : { status: html`${m.say(options.notice)}` }),
  })
}

function renderSuggestion(desk: Desk, suggestion: Suggestion, csrf: string, m: Messages): SafeHtml {
  const { by } = suggestion
  const who = [by.name, by.email ?? (by.phone && phoneText(by.phone, m))]
    .filter((part): part is string => part !== undefined)
    .join(', ')
  const changes = suggestion.changes.map(
    (change) => html`<h3>${m.tell(changeHeading(change))}</h3>${renderWordDiff(change, m)}`,
  )
  const pull = suggestion.pullRequest === undefined ? undefined : safeUrl(suggestion.pullRequest.url)
  const page = html`<a href="${suggestion.page.includes(':') ? '/' : suggestion.page}">${suggestion.page}</a>`
  const from = m.sayHtml('suggestions.desk.from', {
    page,
    who: who || by.subject,
    time: renderTime(suggestion.sentAt, m),
  })
  const pullLink = html`<a href="${pull}">#${suggestion.pullRequest?.number}</a>`
  return html`<li class="suggestion" id="s-${suggestion.id}"><h2>${suggestion.title} <span class="desk-state">${m.say(
    STATE_LABELS[suggestion.state],
  )}</span></h2><p>${from}</p>${changes}${
    pull === undefined ? null : html`<p>${m.sayHtml('suggestions.desk.pull', { link: pullLink })}</p>`
  }${renderWhereItWent(suggestion, m)}${suggestion.state === 'sent' ? renderMoves(desk, suggestion, csrf, m) : null}</li>`
}

/** Written into the content, or, where the service could not, the change to make by hand. */
function renderWhereItWent(suggestion: Suggestion, m: Messages): SafeHtml | null {
  const { written } = suggestion
  if (written !== undefined)
    return html`<p class="suggestion-written">${
      written.commit === undefined
        ? m.say('suggestions.desk.written', { file: written.file })
        : m.say('suggestions.desk.committed', { file: written.file, commit: written.commit.slice(0, 12) })
    }</p>`
  if (suggestion.state !== 'accepted' || suggestion.pullRequest !== undefined) return null
  const texts = suggestion.changes.map(
    (change) => html`<h4>${m.tell(changeHeading(change))}</h4><pre class="suggestion-copy">${change.after}</pre>`,
  )
  return html`<div class="suggestion-by-hand"><p>${m.say('suggestions.desk.by-hand', {
    file: suggestion.file,
  })}</p>${texts}</div>`
}

function renderMoves(desk: Desk, suggestion: Suggestion, csrf: string, m: Messages): SafeHtml {
  return html`<form class="suggestion-moves" method="post" action="${deskSuggestionsPath(desk.name)}">${hiddenInputs({
    [CSRF_FIELD]: csrf,
    id: suggestion.id,
  })}<button type="submit" class="button" name="move" value="accept">${m.say('suggestions.accept')}</button>
<button type="submit" class="button button-secondary" name="move" value="decline">${m.say(
    'suggestions.decline',
  )}</button></form>`
}
