// A capability for one case, carried in every link of a mail to its
// submitter (`?k=`): whoever holds the mail opens that case on any device,
// as its submitter, without signing in. It is an HMAC-SHA-256 over the
// bucket, the record id and the end time, under a key the instances share;
// altering any of them, or taking a token to another case, fails the HMAC,
// and the end time it covers cannot be pushed back.
import { timingSafeEqual } from 'node:crypto'
import { hmacSha256 } from '../hmac-key'

/** The query parameter and form field that carry the token. */
export const CASE_TOKEN_FIELD = 'k'

const MAC_BYTES = 16
const DAY_MS = 86_400_000
// Base36 seconds, then 22 base64url characters of the MAC.
const TOKEN_SHAPE = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/

function mac(secret: Buffer, bucket: string, id: string, end: string): Buffer {
  return hmacSha256(secret).update(['case', bucket, id, end].join('\n')).digest().subarray(0, MAC_BYTES)
}

/** A token for one case, good until `expires`. */
export function makeCaseToken(secret: Buffer, bucket: string, id: string, expires: Date): string {
  const end = Math.floor(expires.getTime() / 1000).toString(36)
  return `${end}.${mac(secret, bucket, id, end).toString('base64url')}`
}

/** Makes the token for a mail about an event at `from`, good for `days` after it (MAIL_REPLY_DAYS). */
export type CaseSigner = (bucket: string, id: string, from: Date) => string

export function createCaseSigner(secret: Buffer, days: number): CaseSigner {
  return (bucket, id, from) => makeCaseToken(secret, bucket, id, new Date(from.getTime() + days * DAY_MS))
}

/** Whether `token` opens this case now: false for anything forged, altered, another case's or run out. */
export function checkCaseToken(secret: Buffer, token: unknown, bucket: string, id: string, now: Date): token is string {
  if (typeof token !== 'string') return false
  const shape = TOKEN_SHAPE.exec(token)
  if (shape === null) return false
  const [, end = '', given = ''] = shape
  // Compared as text: a last character with other padding bits decodes to the same bytes, but is not the token.
  const expected = Buffer.from(mac(secret, bucket, id, end).toString('base64url'))
  if (!timingSafeEqual(Buffer.from(given), expected)) return false
  return parseInt(end, 36) * 1000 > now.getTime()
}
