// The token in a reply address: it names a case and the person written to,
// signed with MAIL_REPLY_SECRET, and runs out after MAIL_REPLY_DAYS.
//
// A local part may hold 64 characters (RFC 5321), too few for a bucket, a
// record id and an address, so the token carries a reference to a handle
// kept in KV (reply-handles.ts) that holds those three, and an HMAC over the
// reference, the end day and the handle's contents. A forged or altered
// token fails the HMAC; an expired one is refused by its end day, which the
// HMAC covers too, so it cannot be pushed back.
import { timingSafeEqual } from 'node:crypto'
import { hmacSha256 } from '../../hmac-key'
import { TOKEN_CHARS } from './reply-address'

/** What a reply may be appended to. */
export interface ReplyHandle {
  readonly bucket: string
  readonly record: string
  /** The address the mail went to: who replies by it. */
  readonly to: string
  readonly storyline: string
}

const REF_LENGTH = 16
const DAY_LENGTH = 4
const MAC_LENGTH = 16
export const TOKEN_LENGTH = REF_LENGTH + DAY_LENGTH + MAC_LENGTH
const DAY_MS = 86_400_000

function base32(bytes: Buffer, length: number): string {
  let out = ''
  let bits = 0
  let value = 0
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5 && out.length < length) {
      out += TOKEN_CHARS[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
    value &= (1 << bits) - 1
  }
  return out
}

function dayText(day: number): string {
  let out = ''
  for (let i = 0; i < DAY_LENGTH; i++) out = (TOKEN_CHARS[(day >>> (5 * i)) & 31] ?? 'a') + out
  return out
}

function dayOf(text: string): number {
  let day = 0
  for (const char of text) day = day * 32 + TOKEN_CHARS.indexOf(char)
  return day
}

const hmac = (secret: Buffer, text: string) => hmacSha256(secret).update(text).digest()

function mac(secret: Buffer, ref: string, day: string, handle: ReplyHandle): string {
  const signed = ['reply', ref, day, handle.bucket, handle.record, handle.to.toLowerCase()].join('\n')
  return base32(hmac(secret, signed), MAC_LENGTH)
}

/** The same mail (intent id) gets the same reference on every attempt. */
export function replyRef(secret: Buffer, intentId: string): string {
  return base32(hmac(secret, `ref\n${intentId}`), REF_LENGTH)
}

export function makeReplyToken(secret: Buffer, ref: string, handle: ReplyHandle, days: number, now: Date): string {
  const day = dayText(Math.floor(now.getTime() / DAY_MS) + days)
  return `${ref}${day}${mac(secret, ref, day, handle)}`
}

export interface ReadToken {
  readonly ref: string
  /** Checks the token against the handle its reference names. */
  readonly check: (handle: ReplyHandle, now: Date) => 'ok' | 'forged' | 'expired'
}

/** Null when `token` cannot be a token at all. */
export function readReplyToken(secret: Buffer, token: string): ReadToken | null {
  if (token.length !== TOKEN_LENGTH || !/^[a-z2-7]+$/.test(token)) return null
  const ref = token.slice(0, REF_LENGTH)
  const day = token.slice(REF_LENGTH, REF_LENGTH + DAY_LENGTH)
  const given = Buffer.from(token.slice(REF_LENGTH + DAY_LENGTH))
  return {
    ref,
    check(handle, now) {
      const expected = Buffer.from(mac(secret, ref, day, handle))
      if (!timingSafeEqual(expected, given)) return 'forged'
      // Valid through the whole of its last day.
      return Math.floor(now.getTime() / DAY_MS) > dayOf(day) ? 'expired' : 'ok'
    },
  }
}
