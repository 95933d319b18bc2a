// The content the service serves right now. A reload swaps it in one step and
// only when the new content is clean: bad content never replaces good content.
import type { Diagnostic } from './diagnostics'
import type { CompileOptions } from './compile-context'
import { loadContent } from './load'
import type { SiteModel } from './model'
import type { ContentSnapshot, ContentSource } from './sources/types'

export interface LiveContent {
  readonly site: SiteModel
  readonly snapshot: ContentSnapshot
  readonly loadedAt: Date
}

export type ReloadOutcome =
  | { readonly ok: true; readonly content: LiveContent; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly error?: Error }

export interface ContentStore {
  readonly source: ContentSource
  current(): LiveContent | null
  reload(): Promise<ReloadOutcome>
}

export function createContentStore(source: ContentSource, options: CompileOptions): ContentStore {
  let live: LiveContent | null = null
  let inFlight: Promise<ReloadOutcome> | null = null

  const load = async (): Promise<ReloadOutcome> => {
    try {
      const { site, snapshot, diagnostics } = await loadContent(source, options)
      if (!site) return { ok: false, diagnostics }
      live = { site, snapshot, loadedAt: new Date() }
      return { ok: true, content: live, diagnostics }
    } catch (error) {
      return { ok: false, diagnostics: [], error: error as Error }
    }
  }

  return {
    source,
    current: () => live,
    // Reload requests that arrive while one runs share it instead of racing.
    reload() {
      inFlight ??= load().finally(() => {
        inFlight = null
      })
      return inFlight
    },
  }
}
