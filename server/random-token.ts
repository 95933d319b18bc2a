// Random values the service hands out by the thousand (a form's one-time
// token, a new visitor's cookie): 16 bytes each, base64url. They are cut from
// a block of random bytes fetched at once: one call into the CSPRNG per 256
// values instead of each, which on a first visit to a form page cost more than
// the page's HMAC (docs/performance.md). Each slice is handed out once.
import { randomBytes } from 'node:crypto'

const TOKEN_BYTES = 16
const BLOCK_TOKENS = 256
let block = Buffer.alloc(0)
let used = 0

/** 16 random bytes, base64url: 22 characters. */
export function newRandomToken(): string {
  if (used >= block.length) {
    block = randomBytes(TOKEN_BYTES * BLOCK_TOKENS)
    used = 0
  }
  const token = block.toString('base64url', used, used + TOKEN_BYTES)
  used += TOKEN_BYTES
  return token
}
