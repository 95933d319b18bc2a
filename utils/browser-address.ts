import { getRequestHeader, type H3Event } from 'h3'

/**
 * The address the browser has the site open at, when it says so: a request
 * the browser marks as coming from the same origin (Sec-Fetch-Site) names that
 * origin in its Origin or Referer header. Never the Host header, which a proxy
 * in front may have replaced with its own; and never a link from elsewhere,
 * whose Referer names the other site.
 */
export function getBrowserAddress(event: H3Event): string | null {
  if (getRequestHeader(event, 'sec-fetch-site') !== 'same-origin') return null
  const origin = getRequestHeader(event, 'origin')
  return origin !== undefined && origin !== 'null' ? origin : (getRequestHeader(event, 'referer') ?? null)
}
