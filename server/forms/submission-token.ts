// A one-time token in every form that stores something (a filing, a desk or
// self move). It becomes the append's identity, so a double click, a retry
// after a dropped connection and a replayed post all land on what the first
// one stored. It is random and bound to nothing secret: the CSRF token says
// the post is the visitor's own, this one only says which post it is.
import { randomBytes } from 'node:crypto'
import { z } from 'zod'

// Every form view takes a token, so they are cut from a block of random bytes
// fetched at once: one call into the CSPRNG per 256 tokens instead of each.
const TOKEN_BYTES = 16
const BLOCK_TOKENS = 256
let block = Buffer.alloc(0)
let used = 0

/** 16 random bytes, base64url: 22 characters. */
export function newSubmissionToken(): string {
  if (used >= block.length) {
    block = randomBytes(TOKEN_BYTES * BLOCK_TOKENS)
    used = 0
  }
  const token = block.toString('base64url', used, used + TOKEN_BYTES)
  used += TOKEN_BYTES
  return token
}

export const submissionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)

/** The posted token, or null when it is missing or not one the service makes (a form from before tokens). */
export function readSubmissionToken(value: unknown): string | null {
  const parsed = submissionTokenSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
