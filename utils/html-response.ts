import { setResponseHeader, setResponseStatus, type H3Event } from 'h3'

/** Sends a rendered document; pages are per visitor, so never shared caches. */
export function sendPage(event: H3Event, body: string, status = 200): string {
  setResponseStatus(event, status)
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8')
  setResponseHeader(event, 'cache-control', 'private, no-cache')
  return body
}
