import { z } from 'zod'
import { nameSchema, textSchema } from './text'

export const deskSchema = z.strictObject({
  title: textSchema,
  group: nameSchema,
  buckets: z.array(nameSchema).min(1),
  invites: z.array(nameSchema).optional(),
})
export type RawDesk = z.infer<typeof deskSchema>
