// A token bucket per caller: a fence against floods, not an accounting system.

export interface RateLimitConfig {
  /** Requests allowed at once. */
  readonly burst: number
  /** Requests refilled per second. */
  readonly perSecond: number
}

export interface RateLimiterOptions extends RateLimitConfig {
  /** Most callers remembered at once; the least recently seen go first. */
  readonly maxKeys?: number
  /** Monotonic milliseconds. */
  readonly now?: () => number
}

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number }

export interface RateLimiter {
  take(key: string): RateDecision
  /** Callers currently remembered. */
  readonly size: number
}

interface Bucket {
  readonly key: string
  tokens: number
  at: number
  // Neighbours in last-use order.
  older: Bucket | undefined
  newer: Bucket | undefined
}

const ALLOWED: RateDecision = { ok: true }

export function createRateLimiter({
  burst,
  perSecond,
  maxKeys = 100_000,
  now = () => performance.now(),
}: RateLimiterOptions): RateLimiter {
  if (burst === 0 || perSecond === 0) return { take: () => ALLOWED, size: 0 }

  const perMs = perSecond / 1000
  const buckets = new Map<string, Bucket>()
  // Last-use order lives in a linked list rather than in the Map's insertion
  // order: iterating a Map from the front walks over every deleted slot, which
  // makes a flood of distinct callers quadratic.
  let oldest: Bucket | undefined
  let newest: Bucket | undefined

  function unlink(bucket: Bucket): void {
    if (bucket.older) bucket.older.newer = bucket.newer
    else oldest = bucket.newer
    if (bucket.newer) bucket.newer.older = bucket.older
    else newest = bucket.older
  }

  function pushNewest(bucket: Bucket): void {
    bucket.older = newest
    bucket.newer = undefined
    if (newest) newest.newer = bucket
    else oldest = bucket
    newest = bucket
  }

  function forget(bucket: Bucket): void {
    unlink(bucket)
    buckets.delete(bucket.key)
  }

  const tokensAt = (bucket: Bucket, t: number): number => Math.min(burst, bucket.tokens + (t - bucket.at) * perMs)

  return {
    take(key) {
      const t = now()
      // A full bucket says nothing a fresh one would not, so it can go.
      // Stopping at the least recently used one still in debt keeps each take
      // cheap; the maxKeys cap bounds whatever that leaves.
      while (oldest !== undefined && tokensAt(oldest, t) >= burst) forget(oldest)
      let bucket = buckets.get(key)
      if (bucket) {
        bucket.tokens = tokensAt(bucket, t)
        unlink(bucket)
      } else {
        bucket = { key, tokens: burst, at: t, older: undefined, newer: undefined }
        buckets.set(key, bucket)
        if (buckets.size > maxKeys && oldest !== undefined) forget(oldest)
      }
      bucket.at = t
      // Moved to the newest end even when refused, so a caller still hammering
      // away is the last one the cap forgets.
      pushNewest(bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return ALLOWED
      }
      return { ok: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / perSecond) }
    },
    get size() {
      return buckets.size
    },
  }
}
