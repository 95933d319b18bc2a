// A People form's one-time token, remembered for a day in svc_people_forms:
// a double click or a replayed post is one invite (one mail), one removal.
import { BusConflictError } from '../bus/errors'
import type { Bus } from '../bus/types'
import { memoUntilRejected } from '../memo-until-rejected'

const FORMS_KV = 'svc_people_forms'
const REMEMBER_MS = 24 * 3600 * 1000

export interface FormOnce {
  /** True the first time a token is seen. */
  claim(token: string): Promise<boolean>
  /** Lets a token be used again, after its change failed. */
  release(token: string): Promise<void>
}

export function createFormOnce(bus: Bus): FormOnce {
  const kv = memoUntilRejected(() => bus.kv(FORMS_KV, { maxAgeMs: REMEMBER_MS }))
  return {
    async claim(token) {
      try {
        await (await kv()).create(token, { at: new Date().toISOString() })
        return true
      } catch (error) {
        if (error instanceof BusConflictError) return false
        throw error
      }
    },
    async release(token) {
      await (await kv()).delete(token)
    },
  }
}
