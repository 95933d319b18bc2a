// A desk's accept or decline, and the service's `applied`: each a compare and
// set from the state it leaves, so a second press, another tab or another
// instance finds it moved already. The person who sent it is mailed at each
// move (SPEC 1 rule 6, SPEC 3 "Edit suggestion").
import type { Bus } from '../bus/types'
import type { SiteModel } from '../content/model'
import { log } from '../log'
import { queueMail } from '../mail/mail-queue'
import { movedIntent } from './suggestion-mail'
import { publishSuggestion } from './suggestion-events'
import { SUGGESTIONS_KV, type Suggestion, type SuggestionActor, type SuggestionState } from './suggestion-record'
import type { Suggestions } from './suggestions-store'

export interface MoveDeps {
  readonly bus: Bus
  readonly suggestions: Suggestions
  readonly site: SiteModel
  readonly publicUrl: string
  /** Opens the pull request an accepted suggestion becomes, when the content repository allows it. */
  readonly openPullRequest?: (suggestion: Suggestion) => Promise<Suggestion['pullRequest']>
}

export type MoveOutcome =
  | { readonly kind: 'moved'; readonly suggestion: Suggestion }
  /** Not in the state the move leaves (moved meanwhile), or no such suggestion. */
  | { readonly kind: 'stale'; readonly suggestion: Suggestion | null }

const LEAVES: Readonly<Record<SuggestionState, SuggestionState | null>> = {
  sent: null,
  accepted: 'sent',
  declined: 'sent',
  applied: 'accepted',
}

export async function moveSuggestion(
  deps: MoveDeps,
  id: string,
  to: SuggestionState,
  by: SuggestionActor,
  now: Date,
): Promise<MoveOutcome> {
  const from = LEAVES[to]
  const at = now.toISOString()
  const moved = await deps.suggestions.change(id, (current) =>
    current === null || current.state !== from
      ? null
      : { ...current, state: to, history: [...current.history, { state: to, at, by }] },
  )
  if (moved === null) return { kind: 'stale', suggestion: await deps.suggestions.get(id) }
  const told = to === 'accepted' ? await withPullRequest(deps, moved) : moved
  publishSuggestion(deps.bus, told)
  await queueMail(deps.bus, { bucket: SUGGESTIONS_KV, id: told.id, seq: told.history.length }, movedIntent(deps, told))
  return { kind: 'moved', suggestion: told }
}

/** The accepted suggestion with its pull request, when one could be opened; without, when not (logged). */
async function withPullRequest(deps: MoveDeps, suggestion: Suggestion): Promise<Suggestion> {
  if (deps.openPullRequest === undefined) return suggestion
  try {
    const pullRequest = await deps.openPullRequest(suggestion)
    if (pullRequest === undefined) return suggestion
    const kept = await deps.suggestions.change(suggestion.id, (current) =>
      current === null || current.pullRequest !== undefined ? null : { ...current, pullRequest },
    )
    return kept ?? suggestion
  } catch (error) {
    log('error', 'suggestions', '[svc] [suggestions] no pull request was opened for an accepted suggestion', {
      id: suggestion.id,
      error: (error as Error).message,
    })
    return suggestion
  }
}
