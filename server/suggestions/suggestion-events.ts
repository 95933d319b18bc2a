// What the bus hears of a suggestion: `svc.suggestions.<state>` each time one
// is sent or moves, for whoever listens (nothing in the service relies on it:
// the record in KV is the truth).
import { z } from 'zod'
import type { Bus } from '../bus/types'
import { log } from '../log'
import { SUGGESTION_STATES, type Suggestion } from './suggestion-record'

export const SUGGESTIONS_SUBJECT_PREFIX = 'svc.suggestions'
export const SUGGESTION_SENT = `${SUGGESTIONS_SUBJECT_PREFIX}.sent`

export const suggestionEventSchema = z.object({
  id: z.string(),
  page: z.string(),
  state: z.enum(SUGGESTION_STATES),
  /** The person who sent it. */
  by: z.string(),
  at: z.string(),
  changes: z.number().int().min(1),
  pullRequest: z.string().optional(),
})
export type SuggestionEvent = z.infer<typeof suggestionEventSchema>

/** Never throws: the suggestion is kept whether or not the bus takes the news. */
export function publishSuggestion(bus: Bus, suggestion: Suggestion): void {
  const last = suggestion.history.at(-1)
  const event: SuggestionEvent = suggestionEventSchema.parse({
    id: suggestion.id,
    page: suggestion.page,
    state: suggestion.state,
    by: suggestion.by.subject,
    at: last?.at ?? suggestion.sentAt,
    changes: suggestion.changes.length,
    ...(suggestion.pullRequest === undefined ? {} : { pullRequest: suggestion.pullRequest.url }),
  })
  try {
    bus.publish(`${SUGGESTIONS_SUBJECT_PREFIX}.${suggestion.state}`, event)
  } catch (error) {
    log('error', 'suggestions', `[svc] [suggestions] cannot announce a suggestion: ${(error as Error).message}`, {
      id: suggestion.id,
    })
  }
}
