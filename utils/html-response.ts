import { setResponseHeader, setResponseStatus, type H3Event } from 'h3'

/** Sends a rendered document; pages are per visitor, so never shared caches. */
export function sendPage<Body extends string | Buffer>(event: H3Event, body: Body, status = 200): Body {
  setResponseStatus(event, status)
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8')
  setResponseHeader(event, 'cache-control', 'private, no-cache')
  return body
}
