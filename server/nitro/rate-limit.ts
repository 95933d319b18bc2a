// The per-caller-IP rate limit; registered as the first middleware so an
// over-limit request never loads a session or enters a handler.
import { defineEventHandler, setResponseHeader, setResponseStatus } from 'h3'
import { createTrustedProxies, getClientIp } from '../http/client-ip'
import { createRateLimiter, readRateLimitConfig } from '../http/rate-limit'

// Built at module load so a bad setting stops the server at start, not on a request.
const trusted = createTrustedProxies(process.env.TRUSTED_PROXIES)
const limiter = createRateLimiter(readRateLimitConfig(process.env))

// The files the page is made of (hashed under /pkg) are answered by Nitro's
// static layer before any middleware, so whatever reaches this point counts,
// /pkg paths that are not files included.
export default defineEventHandler((event) => {
  const decision = limiter.take(getClientIp(event, trusted))
  if (decision.ok) return
  const seconds = decision.retryAfterSeconds
  setResponseStatus(event, 429)
  setResponseHeader(event, 'retry-after', seconds)
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8')
  return `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
})
