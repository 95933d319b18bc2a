// What an invite link is, as its page tells it: open, used (closed by the
// person's sign-in), withdrawn (closed by a desk's removal), run out, or not
// a link at all (unknown, altered, or replaced by a fresher one). One answer
// for an unknown id and a wrong secret, so a guess learns nothing.
import type { Invite } from './invite-record'
import { inviteStateAt } from './invite-record'
import { parseInviteToken, secretMatches } from './invite-token'
import type { Invites } from './invites'

export type InviteLink =
  { readonly kind: 'open' | 'used' | 'withdrawn' | 'expired'; readonly invite: Invite } | { readonly kind: 'invalid' }

export async function readInviteLink(invites: Pick<Invites, 'get'>, token: string, now: Date): Promise<InviteLink> {
  const parsed = parseInviteToken(token)
  const invite = parsed === null ? null : await invites.get(parsed.id)
  if (parsed === null || invite === null || !secretMatches(parsed.secret, invite.tokenHash)) return { kind: 'invalid' }
  const state = inviteStateAt(invite, now)
  if (state === 'closed') return { kind: invite.closedBy === undefined ? 'withdrawn' : 'used', invite }
  return { kind: state, invite }
}
