// Every error a handler lets through ends here: a short page for browsers, a
// short JSON body for everyone else, never a stack trace or raw input.
// Unexpected errors are logged once, structured.
import { getRequestHeader, send, setResponseHeader, setResponseStatus } from 'h3'
import { PAGE_HEADERS } from '../http/page-headers'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { useContentStore } from '../app/content'
import { log } from '../log'
import { isMessageId } from '../messages/catalogue'
import { en, type MessageId } from '../messages/en'
import { englishMessages, messagesFor } from '../messages/messages'
import type { Said } from '../messages/said'
import { SessionsUnavailableError } from '../sessions'
import { isBusUnavailable } from '../bus/errors'
import { renderErrorPage } from '../render/error-page'
import { pkgAssets } from '../../utils/assets'
import { sendSessionsUnavailable } from '../../utils/session'
import { keptStoryline } from '../../utils/storyline'

const TITLES: Readonly<Record<number, MessageId>> = {
  400: 'error.400',
  401: 'error.401',
  403: 'error.403',
  404: 'error.404',
  405: 'error.405',
  409: 'error.409',
  410: 'error.410',
  413: 'error.413',
  415: 'error.415',
  429: 'error.429',
}

/** The catalogue text a handler threw with (utils/said-error.ts), if any. */
function saidOf(data: unknown): Said | undefined {
  const text = (data as { said?: Partial<Said> } | undefined)?.said
  return typeof text?.id === 'string' && isMessageId(text.id) ? { id: text.id, values: text.values } : undefined
}

export default defineNitroErrorHandler((error, event) => {
  if (error.cause instanceof SessionsUnavailableError || error instanceof SessionsUnavailableError) {
    return send(event, sendSessionsUnavailable(event))
  }
  // A read the bus could not answer for a moment is "try again", not a fault: 503, never 500.
  const unavailable = isBusUnavailable(error)
  if (unavailable) setResponseHeader(event, 'retry-after', 2)
  const status = unavailable ? 503 : error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
  // Only messages the service wrote itself are shown; an unexpected error's is not.
  const shown = status >= 500 || error.unhandled ? undefined : saidOf(error.data)
  const message =
    status >= 500 || error.unhandled ? en['error.server'] : error.statusMessage || en[TITLES[status] ?? 'error.other']
  if (status >= 500) {
    log(unavailable ? 'warn' : 'error', 'http', `[svc] [http] ${error.message}`, {
      method: event.method,
      path: event.path.replace(/\?.*$/, ''),
      status,
      stack: (error.cause as Error | undefined)?.stack ?? error.stack,
    })
  }
  setResponseStatus(event, status)
  setResponseHeader(event, 'cache-control', 'no-store')
  setResponseHeader(event, 'x-content-type-options', 'nosniff')
  if (!(getRequestHeader(event, 'accept') ?? '').includes('text/html')) {
    setResponseHeader(event, 'content-type', 'application/json')
    return send(event, JSON.stringify({ statusCode: status, statusMessage: message }))
  }
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8')
  for (const [name, value] of Object.entries(PAGE_HEADERS)) setResponseHeader(event, name, value)
  const site = useContentStore()?.current()?.site
  const story = site === undefined ? 0 : keptStoryline(event, site)
  const m = site === undefined ? englishMessages : messagesFor(site, story)
  const title = m.say(TITLES[status] ?? 'error.other')
  // Without a catalogue text (a status line meant for machines) the title says enough.
  const said = status >= 500 ? m.say('error.server') : shown === undefined ? '' : m.tell(shown)
  return send(event, renderErrorPage({ site, story, status, title, message: said, assets: pkgAssets }))
})
