// A one-time token in every form that stores something (a filing, a desk or
// self move). It becomes the append's identity, so a double click, a retry
// after a dropped connection and a replayed post all land on what the first
// one stored. It is random and bound to nothing secret: the CSRF token says
// the post is the visitor's own, this one only says which post it is.
import { z } from 'zod'
import { newRandomToken } from '../random-token'

/** 16 random bytes, base64url: 22 characters. */
export const newSubmissionToken = newRandomToken

export const submissionTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)

/** The posted token, or null when it is missing or not one the service makes (a form from before tokens). */
export function readSubmissionToken(value: unknown): string | null {
  const parsed = submissionTokenSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}
