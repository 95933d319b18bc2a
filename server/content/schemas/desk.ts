import { z } from 'zod'
import { nameSchema, textSchema } from './text'

export const deskSchema = z.strictObject({
  title: textSchema,
  group: nameSchema,
  buckets: z.array(nameSchema).min(1, 'a desk needs at least one bucket'),
  invites: z.array(nameSchema).optional(),
})
export type RawDesk = z.infer<typeof deskSchema>
