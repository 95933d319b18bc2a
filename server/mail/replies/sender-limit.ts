// Replies per sender and per reply address: a burst, then one more every
// few seconds. A flood is turned away (and logged once per flood) while
// everyone else's replies go on. Bounded memory: when too many are tracked,
// those whose share has come back in full are forgotten.

export interface SenderLimitOptions {
  readonly burst: number
  readonly refillMs: number
  readonly maxSenders?: number
}

export interface SenderLimit {
  /** True when `sender` may send one more now; `onFlood` is told the first refusal of a run. */
  take(sender: string, onFlood: (sender: string) => void): boolean
}

export function createSenderLimit({ burst, refillMs, maxSenders = 10_000 }: SenderLimitOptions): SenderLimit {
  const buckets = new Map<string, { tokens: number; at: number; flooding: boolean }>()
  // Only senders whose share has come back in full are forgotten: one still limited stays limited.
  const forgetIdle = (now: number) => {
    for (const [key, bucket] of buckets)
      if (bucket.tokens + Math.floor((now - bucket.at) / refillMs) >= burst) buckets.delete(key)
  }
  return {
    take(sender, onFlood) {
      const key = sender.trim().toLowerCase()
      const now = Date.now()
      let bucket = buckets.get(key)
      if (bucket === undefined) {
        if (buckets.size >= maxSenders) forgetIdle(now)
        bucket = { tokens: burst, at: now, flooding: false }
        buckets.set(key, bucket)
      }
      const refilled = Math.floor((now - bucket.at) / refillMs)
      if (refilled > 0) {
        bucket.tokens = Math.min(burst, bucket.tokens + refilled)
        bucket.at = bucket.tokens === burst ? now : bucket.at + refilled * refillMs
      }
      if (bucket.tokens > 0) {
        bucket.tokens -= 1
        bucket.flooding = false
        return true
      }
      if (!bucket.flooding) onFlood(key)
      bucket.flooding = true
      return false
    },
  }
}
