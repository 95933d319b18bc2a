// The per-caller-IP rate limit; registered as the first middleware so an
// over-limit request never loads a session or enters a handler.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3'
import { useConfig } from '../config/use-config'
import { getClientIp } from '../http/client-ip'
import { createRateLimiter } from '../http/rate-limit'

// Registered lazy, so this runs on the first request, after the config plugin
// has refused a bad setting at start.
const { TRUSTED_PROXIES: trusted, SVC_RATE_BURST: burst, SVC_RATE_PER_SECOND: perSecond } = useConfig()
const limiter = createRateLimiter({ burst, perSecond })

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
