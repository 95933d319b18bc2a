// An invite link's token: the invite's id and a secret, both lowercase base32.
// Only a hash of the secret is kept, so a copy of svc_invites opens nothing,
// and a fresh link for the same invite kills the old one by replacing it.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
const ID_LENGTH = 16
const SECRET_LENGTH = 32

function randomBase32(length: number): string {
  const bytes = randomBytes(length)
  let text = ''
  for (const byte of bytes) text += ALPHABET[byte % 32]
  return text
}

export const newInviteId = (): string => randomBase32(ID_LENGTH)
export const newInviteSecret = (): string => randomBase32(SECRET_LENGTH)

export function hashInviteSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

export const inviteToken = (id: string, secret: string): string => `${id}${secret}`

/** The id and secret of a token as it came in a URL, or null when it cannot be one. */
export function parseInviteToken(token: string): { id: string; secret: string } | null {
  if (!new RegExp(`^[${ALPHABET}]{${ID_LENGTH + SECRET_LENGTH}}$`).test(token)) return null
  return { id: token.slice(0, ID_LENGTH), secret: token.slice(ID_LENGTH) }
}

export function secretMatches(secret: string, hash: string): boolean {
  const given = Buffer.from(hashInviteSecret(secret), 'hex')
  const kept = Buffer.from(hash, 'hex')
  return given.length === kept.length && timingSafeEqual(given, kept)
}

export const isInviteId = (value: string): boolean => new RegExp(`^[${ALPHABET}]{${ID_LENGTH}}$`).test(value)
