import { defineDriver } from 'unstorage'
import { busError } from './errors'
import { memoUntilRejected } from '../memo-until-rejected'
import { decodeText, encodeText } from './payload'
import type { Bus } from './types'

// unstorage keys are `:`-separated and may hold any character; NATS KV keys
// allow only `[-/_=.a-zA-Z0-9]`, with `.` between tokens. So `:` becomes
// `.`, and every other byte NATS refuses, plus `.` inside a segment and the
// escape character itself, becomes `=XX` (hex of each UTF-8 byte). `=`
// rather than `_` is the escape because `_` is common in the service's own
// names (svc_memberships) and those stay readable in `nats kv` listings.
// Byte by byte, so the encoding of a key's prefix is a prefix of the
// key's encoding: getKeys(base) can ask the bus for encoded prefixes.

const escapeChar = '='
const separator = '.'
const plainChar = /^[-/_a-zA-Z0-9]$/
// Record and session keys are all plain characters: one test and a replace
// instead of a pass per byte, on every KV read and write.
const plainKey = /^[-/_a-zA-Z0-9:]*$/
const utf8 = new TextEncoder()
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

export function encodeKvKey(key: string): string {
  if (plainKey.test(key)) return key.replaceAll(':', separator)
  // A lone surrogate has no UTF-8 form and would not come back as it went in.
  if (/\p{Cs}/u.test(key)) throw busError(`key ${JSON.stringify(key)} is not well-formed unicode`)
  let encoded = ''
  for (const byte of utf8.encode(key)) {
    const char = String.fromCharCode(byte)
    if (char === ':') encoded += separator
    else if (plainChar.test(char)) encoded += char
    else encoded += escapeChar + byte.toString(16).toUpperCase().padStart(2, '0')
  }
  return encoded
}

export function decodeKvKey(encoded: string): string {
  const bytes: number[] = []
  for (let i = 0; i < encoded.length; i++) {
    const char = encoded[i]
    if (char === separator) {
      bytes.push(0x3a)
    } else if (char === escapeChar) {
      const hex = encoded.slice(i + 1, i + 3)
      if (!/^[0-9A-F]{2}$/.test(hex)) throw busError(`key ${JSON.stringify(encoded)} has a broken escape`)
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(encoded.charCodeAt(i))
    }
  }
  try {
    return strictUtf8.decode(Uint8Array.from(bytes))
  } catch (error) {
    throw busError(`key ${JSON.stringify(encoded)} does not decode`, error)
  }
}

export interface BusKvDriverOptions {
  bus: Bus
  bucket: string
  maxAgeMs?: number
}

export const createBusKvDriver = defineDriver((options: BusKvDriverOptions) => {
  // Opened on first use; a failed open is tried again on the next call.
  const kv = memoUntilRejected(() => options.bus.kv(options.bucket, { maxAgeMs: options.maxAgeMs }))
  const read = async (key: string) => (await kv()).get(encodeKvKey(key))
  const keys = async (base: string | undefined) => (await (await kv()).keys(encodeKvKey(base ?? ''))).map(decodeKvKey)

  return {
    name: 'bus-kv',
    options,
    async hasItem(key) {
      return (await read(key)) !== null
    },
    async getItem(key) {
      const entry = await read(key)
      return entry === null ? null : decodeText(entry.value)
    },
    async getItemRaw(key) {
      return (await read(key))?.value ?? null
    },
    async setItem(key, value) {
      await (await kv()).put(encodeKvKey(key), encodeText(value))
    },
    async setItemRaw(key, value: unknown) {
      if (typeof value !== 'string' && !(value instanceof Uint8Array)) {
        throw busError(`raw value for ${JSON.stringify(key)} must be bytes or a string`)
      }
      await (await kv()).put(encodeKvKey(key), typeof value === 'string' ? encodeText(value) : value)
    },
    async removeItem(key) {
      await (await kv()).delete(encodeKvKey(key))
    },
    getKeys: (base) => keys(base),
    async clear(base) {
      const bucket = await kv()
      await Promise.all((await keys(base)).map((key) => bucket.delete(encodeKvKey(key))))
    },
    async watch(callback) {
      return (await kv()).watch(({ key, value }) => {
        callback(value === null ? 'remove' : 'update', decodeKvKey(key))
      })
    },
  }
})
