// The reload loop behind svc.content.changed. Asks that arrive while a reload
// runs fold into one more run after it: a storm of messages costs at most one
// running and one queued reload, and the queued run starts after the last ask,
// so it fetches the newest commit rather than the one the running reload saw.
import { formatDiagnostic } from './diagnostics'
import { describeRefusal, logDiagnostics } from './log-diagnostics'
import type { ContentStore, LiveContent } from './store'
import { log } from '../log'

export interface ReloadLoopOptions {
  readonly store: ContentStore
  /**
   * The first load. Reloads wait for it: store.reload() would otherwise hand
   * an ask the first load's fetch, which may predate the commit asked about.
   */
  readonly started: Promise<unknown>
  /** Called once a reload put a new revision live. */
  readonly onLive: (content: LiveContent) => void
  /** Called for each reload refused (metrics count them). */
  readonly onRefused?: () => void
}

export interface ReloadLoop {
  /** Resolves once a reload that started after this call has finished. */
  request(): Promise<void>
}

export function createReloadLoop({ store, started, onLive, onRefused }: ReloadLoopOptions): ReloadLoop {
  const source = store.source.label
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  // The diagnostics of the last refused reload: a storm, or a retry of the same
  // broken commit, would otherwise repeat every line.
  let lastRefusal = ''

  const reloadOnce = async (): Promise<void> => {
    const before = store.current()?.snapshot.revision ?? null
    const outcome = await store.reload()
    if (!outcome.ok) {
      const why = describeRefusal(outcome)
      const refusal = [why, ...outcome.diagnostics.map(formatDiagnostic)].join('\n')
      if (refusal !== lastRefusal) logDiagnostics(outcome.diagnostics, source)
      lastRefusal = refusal
      onRefused?.()
      log('error', 'content', `[svc] [content] reload refused, still serving ${before ?? 'nothing'}: ${why}`, {
        source,
        revision: before,
      })
      return
    }
    lastRefusal = ''
    const { revision } = outcome.content.snapshot
    if (revision === before) {
      log('info', 'content', 'content unchanged', { source, revision })
      return
    }
    logDiagnostics(outcome.diagnostics, source)
    log('info', 'content', 'content reloaded', {
      source,
      revision,
      previous: before,
      pages: outcome.content.site.pages.length,
    })
    onLive(outcome.content)
  }

  const start = (): Promise<void> => {
    const run = started.then(reloadOnce).finally(() => {
      running = null
    })
    running = run
    return run
  }

  return {
    request() {
      if (queued) return queued
      if (!running) return start()
      const next = () => {
        queued = null
        return start()
      }
      // A failed run still lets the queued one go.
      queued = running.then(next, next)
      return queued
    },
  }
}
