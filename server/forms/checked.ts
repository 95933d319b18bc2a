// The outcome of checking one answer: the value to store, or a message for
// the visitor that never repeats what they typed.
import type { Said } from '../messages/said'

export type Checked = { readonly value: string } | { readonly error: Said }

export const ok = (value: string): Checked => ({ value })

export const fail = (error: Said): Checked => ({ error })
