// The card on the account page: the edit suggestions this person sent, and
// where each stands (SPEC 1, Accounts the content mandates, rule 6).
import type { Suggestion } from '../../suggestions/suggestion-record'
import type { Messages } from '../../messages/messages'
import { renderTime } from '../desk/time'
import { html, safeUrl, type SafeHtml } from '../html'
import { STATE_LABELS } from './suggestion-state'

export function renderSuggestionsCard(suggestions: readonly Suggestion[], m: Messages): SafeHtml | null {
  if (suggestions.length === 0) return null
  const items = suggestions.map((suggestion) => {
    const pull = suggestion.pullRequest === undefined ? undefined : safeUrl(suggestion.pullRequest.url)
    const item = m.sayHtml('suggestions.card.item', {
      title: html`<strong>${suggestion.title}</strong>`,
      time: renderTime(suggestion.sentAt, m),
      state: html`<span class="suggestion-state">${m.say(STATE_LABELS[suggestion.state])}</span>`,
    })
    return html`<li class="suggestion-sent">${item}${
      pull === undefined ? null : html` (<a href="${pull}">${m.say('suggestions.card.pull')}</a>)`
    }</li>`
  })
  const title = m.say('suggestions.card.title')
  return html`<section class="account-suggestions" id="suggestions"><h2>${title}</h2><ul>${items}</ul></section>`
}
