// One membership as svc_memberships keeps it (docs/people.md). Stages:
// `invited` (waiting for the person's sign-in), `active` (their groups claim
// holds the group), `removed` (taken out by a desk; may be invited again).
import { z } from 'zod'
import { addressKey } from '../address-match'
import type { PersonKeys } from '../records/person'
import { actorSchema, type Actor } from '../records/types'

export const MEMBERSHIP_STAGES = ['invited', 'active', 'removed'] as const
export type MembershipStage = (typeof MEMBERSHIP_STAGES)[number]

/** What made the membership: a desk's invite, a state's `grants:`, the seed, or the responsible pass. */
export const MEMBERSHIP_SOURCES = ['invite', 'grant', 'seed', 'responsible'] as const
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number]

export const membershipSchema = z
  .object({
    group: z.string(),
    /** The keys it matches a person on; it learns the rest at their sign-in. */
    subject: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    name: z.string().optional(),
    state: z.enum(MEMBERSHIP_STAGES),
    source: z.enum(MEMBERSHIP_SOURCES),
    /** When it entered its stage. */
    since: z.string(),
    /** Who made the last change; none for a grant, which the record's event names. */
    by: actorSchema.optional(),
    /** The invite in svc_invites that brings the person in, when one does. */
    invite: z.string().optional(),
  })
  // Fields a newer instance added survive an older one's write during a rolling deploy.
  .passthrough()
export type Membership = z.infer<typeof membershipSchema>

export type { PersonKeys }

/** The match keys of a person or a membership: `sub:…`, `email:…`, `phone:…`. */
export function matchKeys(person: PersonKeys): string[] {
  const keys: string[] = []
  if (person.subject) keys.push(`sub:${person.subject}`)
  if (person.email) keys.push(`email:${addressKey(person.email)}`)
  if (person.phone) keys.push(`phone:${person.phone}`)
  return keys
}

/** The one key a membership is filed under, `<person key>:<group>`: the subject when known, else the address, else the number. */
export function membershipKey(person: PersonKeys, group: string): string | null {
  const first = matchKeys(person)[0]
  return first === undefined ? null : `${first}:${group}`
}

export function actorName(actor: Actor | undefined): string {
  if (actor === undefined) return 'the service'
  if (actor.kind === 'person') return actor.name ?? 'a staff member'
  if (actor.kind === 'clock' || actor.kind === 'service') return 'the service'
  return actor.kind === 'mail' ? actor.address : 'a visitor'
}
