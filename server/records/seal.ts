// AES-256-GCM under one record's own key (record-keys.ts): the personal
// values of its events are kept only in this form on the append-only stream,
// so destroying the key erases them there and in every copy of the stream.
// A key is a KeyObject made once: given raw bytes, Node prepares a key object
// on every cipher, which cost a filing more than the cipher itself.
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject } from 'node:crypto'
import { newRandomBytes } from '../random-token'

export type RecordKey = KeyObject

const KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

export const newRecordKey = (): RecordKey => createSecretKey(newRandomBytes(KEY_BYTES))

/** The key stored as `bytes`; null when they are not a key's length. */
export const recordKeyOf = (bytes: Uint8Array): RecordKey | null =>
  bytes.length === KEY_BYTES ? createSecretKey(bytes) : null

/** The key's bytes, to store. */
export const recordKeyBytes = (key: RecordKey): Buffer => key.export()

/**
 * `values` sealed under `key`, as base64 of IV, ciphertext and tag. `context` (the record's subject) is
 * authenticated with them, so a sealed blob copied onto another record does not open there.
 */
export function sealValues(key: RecordKey, context: string, values: Readonly<Record<string, string>>): string {
  const iv = newRandomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')
}

/** The values `sealed` holds; null when it does not open under `key` and `context` (another key, tampered). */
export function openValues(key: RecordKey, context: string, sealed: string): Record<string, string> | null {
  const bytes = Buffer.from(sealed, 'base64')
  if (bytes.length < IV_BYTES + TAG_BYTES) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
    decipher.setAAD(Buffer.from(context))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    const text = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8')
    const parsed: unknown = JSON.parse(text)
    if (typeof parsed !== 'object' || parsed === null) return null
    const values: Record<string, string> = {}
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') values[name] = value
    return values
  } catch {
    return null
  }
}
