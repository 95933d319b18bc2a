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

// The files the page is made of (hashed under /pkg) are answered by Nitro's
// static layer before any middleware, so whatever reaches this point counts,
// /pkg paths that are not files included.
// Off (either setting 0): not even the caller's address is worked out.
const off = burst === 0 || perSecond === 0

export default defineEventHandler((event) => {
  if (off) return
  const decision = limiter.take(getClientIp(event, trusted))
  if (decision.ok) return
  const seconds = decision.retryAfterSeconds
  setResponseStatus(event, 429)
  setResponseHeader(event, 'retry-after', seconds)
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8')
  return `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
})
