// The per-caller-IP rate limit; registered as the first middleware so an
// over-limit request never loads a session or enters a handler. A page the
// fast path answered was counted there (utils/rate-decision.ts).
import { defineEventHandler, setResponseHeader } from 'h3'
import { PAGE_HEADERS } from '../http/page-headers'
import { sendPlainText } from '../../utils/plain-text'
import { getRateDecision, useRateLimit } from '../../utils/rate-decision'

// The files the page is made of (hashed under /pkg) are answered by Nitro's
// static layer before any middleware, so whatever reaches this point counts,
// /pkg paths that are not files included.
// Registered lazy, so this runs on the first request, after the config plugin
// has refused a bad setting at start; a bad one read here refuses to load.
useRateLimit()

export default defineEventHandler((event) => {
  const decision = getRateDecision(event)
  if (decision.ok) return
  const seconds = decision.retryAfterSeconds
  setResponseHeader(event, 'retry-after', seconds)
  // A refusal in place of a page: nothing may frame or sniff it either.
  for (const [name, value] of Object.entries(PAGE_HEADERS)) setResponseHeader(event, name, value)
  return sendPlainText(event, 429, seconds === 1 ? 'plain.rate-limited-one' : 'plain.rate-limited', { seconds })
})
