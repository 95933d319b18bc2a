// The rate limit's decision for a request, taken once: the page fast path
// (server/nitro/fast-pages-plugin.ts) asks before anything else, and the
// middleware (server/nitro/rate-limit.ts) asks again for whatever goes on to
// the routes; the second ask must not spend a second token.
import type { H3Event } from 'h3'
import { useConfig } from '../server/config/use-config'
import { getClientIp } from './get-client-ip'
import { createRateLimiter, type RateDecision, type RateLimiter } from '../server/http/rate-limit'
import { serviceCounts } from '../server/metrics/service-counts'
import { rateKey } from '../server/http/rate-key'

const ALLOWED: RateDecision = { ok: true }

interface ProcessLimit {
  readonly limiter: RateLimiter
  /** Either setting 0: not even the caller's address is worked out. */
  readonly off: boolean
}

let limit: ProcessLimit | null = null

/** The process's limiter, built from the settings on first use; throws on a bad setting. */
export function useRateLimit(): ProcessLimit {
  if (limit === null) {
    const { SVC_RATE_BURST: burst, SVC_RATE_PER_SECOND: perSecond } = useConfig()
    limit = { limiter: createRateLimiter({ burst, perSecond }), off: burst === 0 || perSecond === 0 }
  }
  return limit
}

export function getRateDecision(event: H3Event): RateDecision {
  const taken = event.context.svcRate as RateDecision | undefined
  if (taken !== undefined) return taken
  const { limiter, off } = useRateLimit()
  const decision = off ? ALLOWED : limiter.take(rateKey(getClientIp(event, useConfig().TRUSTED_PROXIES)))
  event.context.svcRate = decision
  if (!decision.ok) serviceCounts.rateLimited++
  return decision
}
