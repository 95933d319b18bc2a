// The per-caller-IP rate limit; registered as the first middleware so an
// over-limit request never loads a session or enters a handler.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3'
import { createTrustedProxies, getClientIp } from '../http/client-ip'
import { createRateLimiter, readRateLimitConfig } from '../http/rate-limit'

// Built at module load so a bad setting stops the server at start, not on a request.
const trusted = createTrustedProxies(process.env.TRUSTED_PROXIES)
const limiter = createRateLimiter(readRateLimitConfig(process.env))

// Files the page is made of (CSS, fonts, vendored libraries, the service's
// favicon) all live under /pkg and cost only a disk read, so they are not counted.
// Only GET and HEAD can fetch a file, and the path is checked decoded and
// without dot segments, so `/pkg/../x` or `/pkg/%2e%2e/x` cannot slip a counted
// route under an exempt prefix.
function isServedFromDisk(method: string, path: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  let pathname: string
  try {
    pathname = decodeURIComponent(path.replace(/[?#].*$/s, ''))
  } catch {
    return false
  }
  if (pathname.includes('\\') || /(^|\/)\.\.?(\/|$)/.test(pathname)) return false
  return pathname.startsWith('/pkg/')
}

export default defineEventHandler((event) => {
  if (isServedFromDisk(event.method, event.path)) return
  const decision = limiter.take(getClientIp(event, trusted))
  if (decision.ok) return
  const seconds = decision.retryAfterSeconds
  setResponseStatus(event, 429)
  setResponseHeader(event, 'retry-after', seconds)
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8')
  return `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
})
