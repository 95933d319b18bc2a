// A suggestion's state in words, the same on the desk and the account page.
import type { MessageId } from '../../messages/en'
import type { SuggestionState } from '../../suggestions/suggestion-record'

export const STATE_LABELS: Readonly<Record<SuggestionState, MessageId>> = {
  sent: 'suggestion.state.sent',
  accepted: 'suggestion.state.accepted',
  declined: 'suggestion.state.declined',
  applied: 'suggestion.state.applied',
}
