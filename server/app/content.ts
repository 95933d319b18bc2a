// The process-wide content store: started once by the Nitro plugin, read by
// every route through useContent().
import { dirname, resolve } from 'node:path'
import { readCompileOptions } from '../content/load'
import { createContentStore, type ContentStore, type LiveContent } from '../content/store'
import { createContentSource } from '../content/sources/create-source'
import { formatDiagnostic } from '../content/diagnostics'
import { log } from '../log'
import { isDevelopment } from './mode'

let store: ContentStore | null = null
let ready: Promise<LiveContent> | null = null

/** Starts loading; at start a content repository with errors stops the process. */
export function startContent(env: NodeJS.ProcessEnv): Promise<LiveContent> {
  // The demo site ships beside the server bundle as .output/site.
  const demo = isDevelopment(env) ? resolve(dirname(process.argv[1] ?? '.'), '../site') : undefined
  store = createContentStore(createContentSource(env, demo), readCompileOptions(env))
  const source = store.source.label
  ready = store.reload().then((outcome) => {
    for (const d of outcome.diagnostics) log(d.severity === 'error' ? 'error' : 'warn', 'content', formatDiagnostic(d), { source })
    if (!outcome.ok) {
      const why = outcome.error?.message ?? `${outcome.diagnostics.filter((d) => d.severity === 'error').length} error(s) in the content`
      log('error', 'content', `[svc] [content] cannot start: ${why}`, { source })
      process.exit(1)
    }
    log('info', 'content', 'content loaded', { source, revision: outcome.content.snapshot.revision, pages: outcome.content.site.pages.length })
    return outcome.content
  })
  return ready
}

/** The content being served; waits for the first load. */
export async function useContent(): Promise<LiveContent> {
  if (!ready || !store) throw new Error('[svc] [content] content was never started')
  await ready
  return store.current() ?? ready
}

export function useContentStore(): ContentStore | null {
  return store
}
