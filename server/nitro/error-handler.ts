// Every error a handler lets through ends here: a short page for browsers, a
// short JSON body for everyone else, never a stack trace or raw input.
// Unexpected errors are logged once, structured.
import { getRequestHeader, send, setResponseHeader, setResponseStatus } from 'h3'
import { PAGE_HEADERS } from '../http/page-headers'
import { defineNitroErrorHandler } from 'nitropack/runtime'
import { useContentStore } from '../app/content'
import { log } from '../log'
import { SessionsUnavailableError } from '../sessions'
import { renderErrorPage } from '../render/error-page'
import { pkgAssets } from '../../utils/assets'
import { sendSessionsUnavailable } from '../../utils/session'

const TITLES: Record<number, string> = {
  400: 'That request could not be read',
  401: 'Sign-in needed',
  403: 'Not open to you',
  404: 'Page not found',
  405: 'Not allowed here',
  409: 'This changed meanwhile',
  410: 'No longer here',
  413: 'Too large',
  415: 'Not accepted',
  429: 'Too many requests',
}

export default defineNitroErrorHandler((error, event) => {
  if (error.cause instanceof SessionsUnavailableError || error instanceof SessionsUnavailableError) {
    return send(event, sendSessionsUnavailable(event))
  }
  const status = error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500
  // Only messages the service wrote itself are shown; an unexpected error's is not.
  const message =
    status >= 500 || error.unhandled
      ? 'Something went wrong on our side. Try again in a moment.'
      : error.statusMessage || TITLES[status] || 'Error'
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
  return send(
    event,
    renderErrorPage({ site, status, title: TITLES[status] ?? 'Something went wrong', message, assets: pkgAssets }),
  )
})
