// Random values the service hands out by the thousand (a form's one-time
// token, a new visitor's cookie, a case's key and each seal's IV). They are
// cut from a block of random bytes fetched at once: one call into the CSPRNG
// per 4 KiB instead of one per value, which on a first visit to a form page
// cost more than the page's HMAC and on a filing more than its AES-GCM
// (docs/performance.md). Each slice is handed out once.
import { randomBytes } from 'node:crypto'

const TOKEN_BYTES = 16
const BLOCK_BYTES = 4096
let block = Buffer.alloc(0)
let used = 0

/** `length` (at most 4096) random bytes, never handed out before; a view on a block no one else is given. */
export function newRandomBytes(length: number): Buffer {
  if (used + length > block.length) {
    block = randomBytes(BLOCK_BYTES)
    used = 0
  }
  used += length
  return block.subarray(used - length, used)
}

/** 16 random bytes, base64url: 22 characters. */
export function newRandomToken(): string {
  return newRandomBytes(TOKEN_BYTES).toString('base64url')
}
