import { z } from 'zod'
import { contentNameSchema, textSchema } from './text'

// phone is a text only: unquoted, YAML reads +4791234567 as a number and drops the +.
const personSchema = z.strictObject({
  name: z.string().min(1, "write the person's name"),
  email: z.email().optional(),
  phone: z.string().optional(),
})

const listSchema = z.strictObject({
  bucket: contentNameSchema,
  title: textSchema.optional(),
  view: z.enum(['public', 'mine', 'desk']).optional(),
  where: z.strictObject({ field: contentNameSchema, equals: z.literal('record') }).optional(),
})

const blockSchema = z
  .strictObject({
    text: textSchema.optional(),
    form: contentNameSchema.optional(),
    list: listSchema.optional(),
    map: z.strictObject({ bucket: contentNameSchema, field: contentNameSchema }).optional(),
  })
  .refine((b) => Object.keys(b).length === 1, 'a block has exactly one of text, form, list or map')

export const pageSchema = z.strictObject({
  title: textSchema,
  responsible: z.array(personSchema).optional(),
  access: z
    .union([z.literal('public'), z.array(contentNameSchema).min(1, 'list at least one group, or write public')])
    .optional(),
  record: contentNameSchema.optional(),
  blocks: z.array(blockSchema).optional(),
  nav: z.strictObject({ label: textSchema, order: z.int() }).optional(),
})
export type RawPage = z.infer<typeof pageSchema>
