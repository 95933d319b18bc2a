// The git host signs each webhook delivery with HMAC-SHA256 over the raw body:
// `X-Hub-Signature-256: sha256=<hex>`.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** The digest a header carries, or null when the header is missing or malformed. */
export function readSignature(header: string | undefined): Buffer | null {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1]
  return hex ? Buffer.from(hex, 'hex') : null
}

export function signatureMatches(secret: string, body: Uint8Array, signature: Buffer): boolean {
  const expected = createHmac('sha256', secret).update(body).digest()
  // Both are 32 bytes, so the compare takes the same time wherever they differ.
  return timingSafeEqual(expected, signature)
}
