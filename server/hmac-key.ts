// The instances' shared secrets as keys for createHmac. Given a raw Buffer,
// Node prepares a key object on every call, which costs about five times the
// HMAC itself (docs/performance.md); a secret is made a KeyObject once here,
// as server/forms/form-token.ts does for its own.
import { createHmac, createSecretKey, type Hmac, type KeyObject } from 'node:crypto'

const keys = new WeakMap<Buffer, KeyObject>()

/** HMAC-SHA-256 under `secret`, its key prepared once per secret. */
export function hmacSha256(secret: Buffer): Hmac {
  let key = keys.get(secret)
  if (key === undefined) {
    key = createSecretKey(secret)
    keys.set(secret, key)
  }
  return createHmac('sha256', key)
}
