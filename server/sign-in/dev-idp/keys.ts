// A signing key made at start: the development provider's tokens are only
// ever checked by this same process, so nothing needs to keep it.
import { generateKeyPairSync, randomBytes } from 'node:crypto'

export interface SigningJwk {
  readonly kid: string
  readonly use: 'sig'
  readonly alg: 'RS256'
  readonly [member: string]: unknown
}

export function createSigningJwk(): SigningJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }
}
