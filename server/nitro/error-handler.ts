// Every error a handler lets through ends here: a short page for browsers, a
// short JSON body for everyone else, never a stack trace or raw input.
// Unexpected errors are logged once, structured.
import { getRequestHeader, send, setResponseHeader, setResponseStatus } from 'h3'
import { PAGE_HEADERS } from '../http/page-headers'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { useContentStore } from '../app/content'
import { log } from '../log'
import { en } from '../messages/en'
import { englishMessages, messagesFor } from '../messages/messages'
import { SessionsUnavailableError } from '../sessions'
import { renderErrorPage } from '../render/error-page'
import { pkgAssets } from '../../utils/assets'
import { sendSessionsUnavailable } from '../../utils/session'
import { keptStoryline } from '../../utils/storyline'

// English here; the error page says them in the site's language (server/messages).
const TITLES: Record<number, string> = {
  400: en['error.400'],
  401: en['error.401'],
  403: en['error.403'],
  404: en['error.404'],
  405: en['error.405'],
  409: en['error.409'],
  410: en['error.410'],
  413: en['error.413'],
  415: en['error.415'],
  429: en['error.429'],
}

export default defineNitroErrorHandler((error, event) => {
  if (error.cause instanceof SessionsUnavailableError || error instanceof SessionsUnavailableError) {
    return send(event, sendSessionsUnavailable(event))
  }
  const status = error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
  // Only messages the service wrote itself are shown; an unexpected error's is not.
  const message =
    status >= 500 || error.unhandled ? en['error.server'] : error.statusMessage || TITLES[status] || en['error.other']
  if (status >= 500) {
    log('error', 'http', `[svc] [http] ${error.message}`, {
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
  const title = m.problem(TITLES[status] ?? en['error.other'])
  // A message the catalogue does not know is English: on a site in another language the title says enough.
  const said = m.localize(message) ?? (m.language.startsWith('en') ? message : '')
  return send(event, renderErrorPage({ site, story, status, title, message: said, assets: pkgAssets }))
})
