// The edit suggestions' process-wide parts: the KV store, what sending and
// moving need, and the listener that marks an accepted suggestion applied
// once the reloaded content carries it.
import { decodeJsonOrUndefined } from '../bus/payload'
import { CONTENT_RELOADED, publishContentChanged } from '../content/bus-messages'
import { isApiRepo } from '../content/sources/create-source'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { readPublicUrl } from '../sign-in/sign-in-settings'
import { carriesChange } from '../suggestions/carries-change'
import { moveSuggestion, type MoveDeps } from '../suggestions/move-suggestion'
import { createPullRequestOpener } from '../suggestions/pull-request'
import type { SendDeps } from '../suggestions/send-suggestion'
import { createSuggestions, type Suggestions } from '../suggestions/suggestions-store'
import { useBus } from './bus'
import { contentRepoOf, useContent } from './content'
import { isDevelopment } from '../config/mode'
import { existsSync, statSync } from 'node:fs'
import { createChangeCommitter, localRepo, type Committer } from '../suggestions/commit-change'
import type { Suggestion } from '../suggestions/suggestion-record'

const pullRequestPublisher =
  (open: (suggestion: Suggestion) => Promise<Suggestion['pullRequest']>) => async (suggestion: Suggestion) => {
    const pullRequest = await open(suggestion)
    return pullRequest === undefined ? {} : { pullRequest }
  }

const writtenPublisher =
  (write: (suggestion: Suggestion, acceptor: Committer) => Promise<Suggestion['written'] | null>) =>
  async (suggestion: Suggestion, acceptor: Committer) => {
    const written = await write(suggestion, acceptor)
    return written === null || written === undefined ? {} : { written }
  }

let store: Suggestions | null = null

export async function useSuggestions(): Promise<Suggestions> {
  store ??= createSuggestions(await useBus())
  return store
}

/** Sending and moving, against the content served now. */
export async function useSuggestionDeps(): Promise<SendDeps & MoveDeps> {
  const config = useConfig()
  const [bus, suggestions, { site, snapshot }] = await Promise.all([useBus(), useSuggestions(), useContent()])
  const repo = contentRepoOf(config)
  const token = config.GIT_API_TOKEN?.trim()
  const live = async () => {
    const now = await useContent()
    return { site: now.site, files: now.snapshot.files }
  }
  const local = localRepo(repo, config.CONTENT_BRANCH, repo !== '' && existsSync(repo) && statSync(repo).isDirectory())
  const publishChange =
    token && isApiRepo(repo)
      ? pullRequestPublisher(
          createPullRequestOpener({ repo, branch: config.CONTENT_BRANCH, apiUrl: config.GIT_API_URL, token }, live),
        )
      : local === null
        ? undefined
        : writtenPublisher(
            createChangeCommitter(local, live, () => publishContentChanged(bus, { reason: 'suggestion accepted' })),
          )
  return {
    bus,
    suggestions,
    site,
    files: snapshot.files,
    options: { phoneCountry: config.PHONE_COUNTRY },
    publicUrl: readPublicUrl(config, isDevelopment(config)) ?? '',
    ...(publishChange === undefined ? {} : { publishChange }),
  }
}

/** Accepted suggestions the content served now carries move to `applied`. */
export async function markApplied(now = new Date()): Promise<number> {
  const deps = await useSuggestionDeps()
  let applied = 0
  for (const suggestion of await deps.suggestions.all()) {
    if (suggestion.state !== 'accepted' || !carriesChange(deps.site, suggestion)) continue
    const outcome = await moveSuggestion(deps, suggestion.id, 'applied', { kind: 'service' }, now)
    if (outcome.kind === 'moved') applied++
  }
  return applied
}

/** On every svc.content.reloaded for the content this instance serves; once at start for what came while away. */
export async function listenForAppliedSuggestions(): Promise<void> {
  const bus = await useBus()
  const run = () =>
    markApplied().catch((error: unknown) =>
      log('error', 'suggestions', '[svc] [suggestions] accepted suggestions were not checked against the content', {
        error: (error as Error).message,
      }),
    )
  await bus.subscribe(CONTENT_RELOADED, async ({ data }) => {
    const message = decodeJsonOrUndefined(data) as { revision?: unknown } | undefined
    if (message?.revision !== (await useContent()).snapshot.revision) return
    await run()
  })
  await run()
}
