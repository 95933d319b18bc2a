// The outcome of checking one answer: the value to store, or a message for
// the visitor that never repeats what they typed.

export type Checked = { readonly value: string } | { readonly error: string }

export const ok = (value: string): Checked => ({ value })

export const fail = (error: string): Checked => ({ error })
