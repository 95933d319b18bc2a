// One invite as svc_invites keeps it. States: `open` (the link works until
// `expiresAt`), `expired` (the sweep found the link run out; a desk may
// reopen it), `closed` (the person signed in, or the membership was removed).
import { z } from 'zod'
import { actorSchema } from '../records/types'

export const INVITE_STATES = ['open', 'expired', 'closed'] as const

export const inviteSchema = z.object({
  id: z.string(),
  group: z.string(),
  /** The desk it was made from, whose People view has it on file. */
  desk: z.string(),
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  /** The (encoded) svc_memberships key the invite brings to life. */
  membership: z.string(),
  state: z.enum(INVITE_STATES),
  /** When the link runs out, in seconds since the epoch, as an identity provider hands it over. */
  expiresAt: z.number(),
  tokenHash: z.string(),
  /** How many links the invite has had; each new link is one more, and one more mail. */
  round: z.number().int().positive(),
  invitedBy: actorSchema,
  created: z.string(),
  /** When it entered its state. */
  since: z.string(),
  /** The subject of the person whose sign-in closed it. */
  closedBy: z.string().optional(),
})
export type Invite = z.infer<typeof inviteSchema>

/** An open invite whose end has come is expired, whether or not the sweep has been by. */
export function inviteStateAt(invite: Invite, now: Date): Invite['state'] {
  return invite.state === 'open' && invite.expiresAt * 1000 <= now.getTime() ? 'expired' : invite.state
}

/** Seconds since the epoch, `hours` from `now` (decimals allowed). */
export function linkEnd(now: Date, hours: number): number {
  return Math.floor(now.getTime() / 1000 + hours * 3600)
}
