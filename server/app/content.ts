// The process-wide content store: started once by the Nitro plugin, read by
// every route through useContent(), reloaded whenever the bus says so.
import { hostname } from 'node:os'
import { dirname, resolve } from 'node:path'
import type { Bus } from '../bus/types'
import type { Config } from '../config/schema'
import { publishContentReloaded } from '../content/bus-messages'
import { describeRefusal, logDiagnostics } from '../content/log-diagnostics'
import { createReloadLoop } from '../content/reload'
import { listenForContentChanges } from '../content/reload-listener'
import { createContentStore, type ContentStore, type LiveContent } from '../content/store'
import { createContentSource } from '../content/sources/create-source'
import { log } from '../log'
import { serviceCounts } from '../metrics/service-counts'
import { isDevelopment } from '../config/mode'
import { StartError } from './start-error'

let store: ContentStore | null = null
let ready: Promise<LiveContent> | null = null

/** The demo site, served in development when CONTENT_REPO is not set: it ships beside the server bundle. */
export function demoFolder(config: Config): string | undefined {
  return isDevelopment(config) ? resolve(dirname(process.argv[1] ?? '.'), '../site') : undefined
}

/** Where the content is read from: CONTENT_REPO, or the demo folder in development. */
export function contentRepoOf(config: Config): string {
  return config.CONTENT_REPO?.trim() || (demoFolder(config) ?? '')
}

/**
 * Starts loading. A setting that cannot work (CONTENT_REPO) throws, and content
 * with errors at start rejects, each with the line to log: the content plugin
 * stops the process on either.
 */
export function startContent(config: Config): Promise<LiveContent> {
  try {
    store = createContentStore(createContentSource(config, demoFolder(config)), { phoneCountry: config.PHONE_COUNTRY })
  } catch (error) {
    throw new StartError(`[svc] [content] cannot start: ${(error as Error).message.replace('[svc] [content] ', '')}`)
  }
  const source = store.source.label
  ready = store.reload().then((outcome) => {
    logDiagnostics(outcome.diagnostics, source)
    if (!outcome.ok) throw new StartError(`[svc] [content] cannot start: ${describeRefusal(outcome)}`, { source })
    log('info', 'content', 'content loaded', {
      source,
      revision: outcome.content.snapshot.revision,
      pages: outcome.content.site.pages.length,
    })
    return outcome.content
  })
  return ready
}

/**
 * Reloads on every svc.content.changed and announces each new revision on
 * svc.content.reloaded. An instance that cannot listen would silently serve
 * stale content, so this rejects and the content plugin stops the process.
 */
export async function startContentReload(bus: Bus): Promise<void> {
  if (!store || !ready) throw new Error('[svc] [content] content was never started')
  const instance = `${hostname()}:${process.pid}`
  const loop = createReloadLoop({
    store,
    started: ready,
    onLive: (content) => publishContentReloaded(bus, content, instance),
    onRefused: () => serviceCounts.contentReloadFailures++,
  })
  try {
    await listenForContentChanges(bus, loop)
  } catch (error) {
    throw new StartError(`[svc] [content] cannot listen for content changes: ${(error as Error).message}`)
  }
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
