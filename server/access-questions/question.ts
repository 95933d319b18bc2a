// The access question format on `svc.access.ask`, validated at the edge.
import { z } from 'zod'
import { POLICY_ACTIONS } from '../policy/schema'

const name = z.string().min(1).max(200)

const principal = z
  .strictObject({
    subject: name.optional(),
    email: z.email().max(320).optional(),
    phone: z.string().min(3).max(32).optional(),
    groups: z.array(name).max(200).optional(),
  })
  .refine((p) => p.subject ?? p.email ?? p.phone, 'principal needs a subject, email or phone')

const resource = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('Bucket'), id: name }),
  z.strictObject({
    type: z.literal('Record'),
    id: name,
    bucket: name,
    state: name,
    storyline: name,
    submitter: name.optional(),
  }),
  z.strictObject({ type: z.literal('Page'), id: name }),
  z.strictObject({ type: z.literal('Desk'), id: name }),
  z.strictObject({ type: z.literal('Group'), id: name }),
])

export const accessQuestionSchema = z.strictObject({
  principal,
  action: z.enum(POLICY_ACTIONS),
  resource,
  context: z.record(z.string(), z.string().max(200)).optional(),
})

export type AccessAnswer =
  { readonly decision: 'allow' | 'deny'; readonly policies: readonly string[] } | { readonly error: string }
