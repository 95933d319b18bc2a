// Comparing a secret a caller presents with the one expected.
import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Digests have one length whatever was sent, so timingSafeEqual never throws
 * and the time taken tells neither the secret nor its length.
 */
export function sameSecret(expected: string, presented: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest()
  return timingSafeEqual(digest(expected), digest(presented))
}

/**
 * For a token whose length everyone knows (a form token or a session's CSRF value: a fixed-length encoding each
 * visitor sees in their own pages), compared byte by byte in constant time without the two digests, which were a
 * thirtieth of a filing's CPU. Only the presented token's length decides an early refusal, and that tells nothing.
 */
export function sameToken(expected: string, presented: string): boolean {
  const known = Buffer.from(expected)
  const sent = Buffer.from(presented)
  return known.length === sent.length && timingSafeEqual(known, sent)
}
