import { z } from 'zod'
import { FIELD_TYPES } from '../model'
import { nameSchema, namesSchema, textSchema } from './text'

const optionSchema = z.union([z.string(), z.strictObject({ value: z.string(), label: textSchema })])

export const fieldSchema = z.strictObject({
  name: nameSchema,
  type: z.enum(FIELD_TYPES),
  label: textSchema,
  help: textSchema.optional(),
  required: z.boolean().optional(),
  contact: z.boolean().optional(),
  accept: z.array(z.string().regex(/^[\w.+-]+\/(\*|[\w.+-]+)$|^\.[\w]+$/, 'use a media type such as image/* or an extension such as .pdf')).optional(),
  max_mb: z.number().positive().max(100).optional(),
  of: nameSchema.optional(),
  options: z.array(optionSchema).min(1).optional(),
  max_length: z.int().positive().max(100_000).optional(),
})

export const mailSchema = z.strictObject({
  to: z.string().min(1),
  subject: textSchema,
  body: textSchema,
})

export const stateSchema = z.strictObject({
  name: nameSchema,
  label: textSchema.optional(),
  after: z.strictObject({ days: z.number(), to: nameSchema }).optional(),
  grants: nameSchema.optional(),
})

export const moveSchema = z.strictObject({
  name: nameSchema,
  from: namesSchema,
  to: nameSchema,
  label: textSchema.optional(),
  mail: mailSchema.optional(),
})

export const selfMoveSchema = moveSchema.extend({ from: namesSchema.optional() })

export const bucketSchema = z.strictObject({
  title: textSchema,
  sign_in: z.enum(['required', 'optional', 'none']).optional(),
  fields: z.array(fieldSchema).min(1),
  states: z.array(stateSchema),
  moves: z.array(moveSchema).optional(),
  self: z.array(selfMoveSchema).optional(),
  public: z.strictObject({ states: z.array(nameSchema).optional(), fields: z.array(nameSchema).optional() }).optional(),
  thanks: textSchema.optional(),
})
export type RawBucket = z.infer<typeof bucketSchema>
export type RawField = z.infer<typeof fieldSchema>
export type RawMail = z.infer<typeof mailSchema>
