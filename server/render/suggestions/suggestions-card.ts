// The card on the account page: the edit suggestions this person sent, and
// where each stands (SPEC 1, Accounts the content mandates, rule 6).
import type { Suggestion } from '../../suggestions/suggestion-record'
import type { Clock } from '../../messages/clock'
import { renderTime } from '../desk/time'
import { html, safeUrl, type SafeHtml } from '../html'
import { STATE_LABELS } from './suggestion-state'

export function renderSuggestionsCard(suggestions: readonly Suggestion[], clock: Clock): SafeHtml | null {
  if (suggestions.length === 0) return null
  const items = suggestions.map((suggestion) => {
    const pull = suggestion.pullRequest === undefined ? undefined : safeUrl(suggestion.pullRequest.url)
    return html`<li class="suggestion-sent"><strong>${suggestion.title}</strong>, sent ${renderTime(
      suggestion.sentAt,
      clock,
    )}: <span class="suggestion-state">${STATE_LABELS[suggestion.state]}</span>${
      pull === undefined ? null : html` (<a href="${pull}">the proposed change</a>)`
    }</li>`
  })
  return html`<section class="account-suggestions" id="suggestions"><h2>Your edit suggestions</h2><ul>${items}</ul></section>`
}
