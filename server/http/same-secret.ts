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
