// What a session holds. Records are read back through a schema because the
// bucket outlives releases: a record this release cannot read is no session.
import { z } from 'zod'

const userSchema = z.object({
  subject: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  groups: z.array(z.string()),
})

const pendingSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
  created: z.number(),
  /** The callback the provider was told (a registered one); PUBLIC_URL's when absent. */
  callback: z.string().optional(),
})

const recordSchema = z.object({
  user: userSchema.nullable(),
  csrf: z.string().min(1),
  pending: pendingSchema.nullable(),
  created: z.number(),
  expires: z.number(),
})

export type SessionUser = z.infer<typeof userSchema>
/** A sign-in under way: what the callback must see again. */
export type PendingSignIn = z.infer<typeof pendingSchema>
export type SessionRecord = z.infer<typeof recordSchema>

export interface Session extends SessionRecord {
  readonly id: string
  /** The bus revision it was read at; a save from an older one conflicts. */
  readonly revision: number
}

export function parseSessionRecord(value: unknown): SessionRecord | null {
  const parsed = recordSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/** The stored part of a session, without what the bus gave it. */
export function toRecord(session: Session): SessionRecord {
  const { id: _id, revision: _revision, ...record } = session
  return record
}
