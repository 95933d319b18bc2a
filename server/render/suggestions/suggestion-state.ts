// A suggestion's state in words, the same on the desk and the account page.
import type { SuggestionState } from '../../suggestions/suggestion-record'

export const STATE_LABELS: Readonly<Record<SuggestionState, string>> = {
  sent: 'sent',
  accepted: 'accepted',
  declined: 'declined',
  applied: 'applied: on the site',
}
