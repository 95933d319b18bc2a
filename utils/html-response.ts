import { setResponseHeader, setResponseStatus, type H3Event } from 'h3'
import { PAGE_HEADERS } from '../server/http/page-headers'

export const HTML_TYPE = 'text/html; charset=utf-8'
/** Pages are per visitor, so never kept by shared caches; browsers revalidate. */
export const PAGE_CACHING = 'private, no-cache'

/** Sends a rendered document. */
export function sendPage<Body extends string | Buffer>(event: H3Event, body: Body, status = 200): Body {
  setResponseStatus(event, status)
  setResponseHeader(event, 'content-type', HTML_TYPE)
  setResponseHeader(event, 'cache-control', PAGE_CACHING)
  for (const [name, value] of Object.entries(PAGE_HEADERS)) setResponseHeader(event, name, value)
  return body
}
