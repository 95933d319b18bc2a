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
import type { Committer } from './commit-change'

export interface MoveDeps {
  readonly bus: Bus
  readonly suggestions: Suggestions
  readonly site: SiteModel
  readonly publicUrl: string
  /**
   * Takes an accepted suggestion to the content repository, when it allows it: a pull request on the git host's
   * API, or the change written and committed on this machine.
   */
  readonly publishChange?: (suggestion: Suggestion, acceptor: Committer) => Promise<Published>
}

export type Published = Pick<Suggestion, 'pullRequest' | 'written'>

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
  const told = to === 'accepted' && by.kind === 'person' ? await published(deps, moved, by) : moved
  publishSuggestion(deps.bus, told)
  await queueMail(deps.bus, { bucket: SUGGESTIONS_KV, id: told.id, seq: told.history.length }, movedIntent(deps, told))
  return { kind: 'moved', suggestion: told }
}

/** The accepted suggestion with its pull request or commit, when one could be made; without, when not (logged). */
async function published(deps: MoveDeps, suggestion: Suggestion, acceptor: Committer): Promise<Suggestion> {
  if (deps.publishChange === undefined) return suggestion
  try {
    const done = await deps.publishChange(suggestion, acceptor)
    if (done.pullRequest === undefined && done.written === undefined) return suggestion
    const kept = await deps.suggestions.change(suggestion.id, (current) =>
      current === null || current.pullRequest !== undefined || current.written !== undefined
        ? null
        : { ...current, ...done },
    )
    return kept ?? suggestion
  } catch (error) {
    log('error', 'suggestions', '[svc] [suggestions] the accepted change was not taken to the content repository', {
      id: suggestion.id,
      error: (error as Error).message,
    })
    return suggestion
  }
}
