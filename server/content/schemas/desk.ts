import { z } from 'zod'
import { contentNameSchema, textSchema } from './text'

export const deskSchema = z.strictObject({
  title: textSchema,
  group: contentNameSchema,
  buckets: z.array(contentNameSchema).min(1, 'a desk needs at least one bucket'),
  invites: z.array(contentNameSchema).optional(),
  /** The desk that lists and moves the responsible people's edit suggestions; at most one per site. */
  suggestions: z.boolean().optional(),
  /** An address told by mail when a reply by mail lands on a case this desk holds. */
  notify: z.email('give an e-mail address such as casework@example.org').optional(),
  /** Staff of this desk may erase a case's personal data on request (when the policy allows it too). */
  erase: z.boolean().optional(),
})
export type RawDesk = z.infer<typeof deskSchema>
