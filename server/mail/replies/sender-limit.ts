// Replies per sender address: a burst, then one more every few seconds.
// A flood from one sender is turned away (and logged once per flood) while
// everyone else's replies go on. Bounded memory: when too many senders are
// tracked, all are forgotten at once, which only ever lets mail through.

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
  return {
    take(sender, onFlood) {
      const key = sender.trim().toLowerCase()
      const now = Date.now()
      let bucket = buckets.get(key)
      if (bucket === undefined) {
        if (buckets.size >= maxSenders) buckets.clear()
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
