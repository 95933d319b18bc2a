// The signed-in person as the service keeps them, read from the ID token and
// userinfo claims.
import { addressKey } from '../address-match'
import { normalizePhone } from '../content/phone'
import type { SessionUser } from '../sessions'
import type { SignInSettings } from './sign-in-settings'

export type Claims = Readonly<Record<string, unknown>>

type ClaimOptions = Pick<SignInSettings, 'wantsPhone' | 'phoneCountry' | 'groupPrefix'>

export function readUser(idToken: Claims, userinfo: Claims, options: ClaimOptions): SessionUser {
  const subject = text(idToken.sub)
  if (subject === undefined) throw new Error('[svc] [auth] the ID token has no subject')
  // Userinfo is the fuller answer; openid-client has checked its sub matches.
  const claims = { ...idToken, ...userinfo }
  const user: SessionUser = {
    subject,
    groups: contentGroups([...list(idToken.groups), ...list(userinfo.groups)], options.groupPrefix),
  }
  const name = text(claims.name)
  if (name !== undefined) user.name = name
  // Invites, the seed and responsible memberships are matched on the address
  // and number, so only what the provider vouches for counts: `true` itself,
  // not a claim left out, "false", 0 or null (userinfo's answer wins over the
  // ID token's, as the rest of the claims do).
  const email = claims.email_verified === true ? text(claims.email) : undefined
  if (email !== undefined) user.email = addressKey(email)
  const rawPhone =
    options.wantsPhone && userinfo.phone_number_verified === true ? text(userinfo.phone_number) : undefined
  const phone = rawPhone === undefined ? null : normalizePhone(rawPhone, options.phoneCountry)
  if (phone !== null) user.phone = phone
  return user
}

/** A shared provider's groups of other sites are not this site's groups. */
function contentGroups(groups: readonly string[], prefix: string): string[] {
  const own =
    prefix === ''
      ? groups
      : groups.filter((group) => group.startsWith(prefix)).map((group) => group.slice(prefix.length))
  return [...new Set(own.filter((group) => group !== ''))].sort()
}

function list(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}
