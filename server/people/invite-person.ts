// A desk (or the seed) invites someone into a group: one membership per group
// and person, found by any key they match on, set to `invited`; one invite
// for it with a fresh link, which kills any link it had before; and the link
// mailed when the person has an address. SPEC 2, Membership and Invite rules.
import { encodeKvKey } from '../bus/kv-driver'
import { textAt } from '../content/storyline'
import { buildInviteIntent, INVITES_MAIL_BUCKET } from '../mail/invite-intent'
import { queueMail } from '../mail/mail-queue'
import type { Actor } from '../records/types'
import { hashInviteSecret, inviteToken, newInviteId, newInviteSecret } from './invite-token'
import { linkEnd, type Invite } from './invite-record'
import { actorName, membershipKey, type Membership, type MembershipSource } from './membership-record'
import type { PeopleDeps } from './people-deps'

/** Who is invited: by address or phone as a desk types them; by subject only when re-inviting someone known only so. */
export type InviteContact = { readonly email: string } | { readonly phone: string } | { readonly subject: string }

export interface InviteRequest {
  readonly group: string
  readonly desk: string
  readonly name: string
  readonly contact: InviteContact
  readonly actor: Actor
  readonly source: MembershipSource
  readonly now: Date
}

export type InviteOutcome =
  | { readonly kind: 'member' }
  | {
      readonly kind: 'invited'
      readonly invite: Invite
      /** The path of the link, `/invite/<token>`. */
      readonly path: string
      /** Whether it went out by mail; otherwise whoever invited passes it on. */
      readonly mailed: boolean
    }
  | {
      /** Put in the group at the identity provider (PEOPLE_BACKEND=idp): their next sign-in carries it. */
      readonly kind: 'added'
      readonly name: string
      readonly group: string
      /** Where they sign in: the provider's own first sign-in link, or the site's sign-in. */
      readonly link: string
      readonly mailed: boolean
    }

export async function invitePerson(deps: PeopleDeps, request: InviteRequest): Promise<InviteOutcome> {
  const { memberships, invites } = deps
  const { group, desk, contact, actor, now } = request
  const time = now.toISOString()
  const found = (await memberships.view()).matching(contact).filter(({ entry }) => entry.group === group)
  if (found.some(({ entry }) => entry.state === 'active')) return { kind: 'member' }
  const rawKey = membershipKey(contact, group)
  const key = found[0]?.key ?? (rawKey === null ? null : encodeKvKey(rawKey))
  if (key === null) throw new Error('[svc] [people] an invite needs an address, a phone number or a subject')

  const name = request.name.trim()
  const fresh = newInviteId()
  const membership = await memberships.change(key, (current): Membership | null =>
    current?.state === 'active'
      ? null
      : {
          ...current,
          group,
          ...contact,
          name: name || current?.name || '',
          state: 'invited',
          // Whoever invites now owns the invite: a desk's invite on top of a pending responsible or seed
          // membership is the desk's (its link runs out; the responsible pass will not take it back).
          source: request.source,
          since: time,
          by: actor,
          invite: current?.invite ?? fresh,
        },
  )
  if (membership === null) return { kind: 'member' }
  const id = membership.invite ?? fresh
  const secret = newInviteSecret()
  const expiresAt = linkEnd(now, deps.ttlHours)
  const invite = await invites.change(id, (current) => ({
    id,
    group,
    desk,
    name: membership.name ?? name,
    ...(membership.email === undefined ? {} : { email: membership.email }),
    ...(membership.phone === undefined ? {} : { phone: membership.phone }),
    membership: key,
    state: 'open',
    expiresAt,
    tokenHash: hashInviteSecret(secret),
    round: (current?.round ?? 0) + 1,
    invitedBy: actor,
    created: current?.created ?? time,
    since: time,
  }))
  if (invite === null) throw new Error('[svc] [people] the invite was not kept')
  await memberships.log.record({ about: 'membership', key, change: 'invited', group, actor, time })
  await memberships.log.record({ about: 'invite', key: id, change: 'opened', group, actor, time })

  const path = `/invite/${inviteToken(id, secret)}`
  if (invite.email === undefined) return { kind: 'invited', invite, path, mailed: false }
  const intent = buildInviteIntent({
    site: deps.site,
    invite,
    email: invite.email,
    inviter: actor.kind === 'person' ? actorName(actor) : textAt(deps.site.branding.name, 0),
    link: `${deps.publicUrl.replace(/\/+$/, '')}${path}`,
    expiresAt,
  })
  await queueMail(deps.bus, { bucket: INVITES_MAIL_BUCKET, id, seq: invite.round }, intent)
  return { kind: 'invited', invite, path, mailed: true }
}
