import { z } from 'zod'
import { FIELD_TYPES } from '../model'
import { contentNameSchema, namesSchema, textSchema } from './text'

const optionValue = z.string().min(1, 'an option needs a value; write it as a text')
const optionSchema = z.union([optionValue, z.strictObject({ value: optionValue, label: textSchema })])

// {{record.state}}, {{record.id}} and {{record.reference}} in a mail mean the record's state, id and short
// reference, so no field may take them.
const fieldName = contentNameSchema
  .refine((n) => n !== 'state', {
    message:
      "a field may not be called state: {{record.state}} in a mail already means the record's state; pick another " +
      'name, e.g. status',
    params: { rule: 'reserved-name' },
  })
  .refine((n) => n !== 'id', {
    message:
      "a field may not be called id: {{record.id}} in a mail already means the case's reference; pick another " +
      'name, e.g. number',
    params: { rule: 'reserved-name' },
  })
  .refine((n) => n !== 'reference', {
    message:
      "a field may not be called reference: {{record.reference}} in a mail already means the case's short " +
      'reference; pick another name, e.g. their_reference',
    params: { rule: 'reserved-name' },
  })

export const fieldSchema = z.strictObject({
  name: fieldName,
  type: z.enum(FIELD_TYPES),
  label: textSchema,
  /** What staff call it on desks, where the visitor's words do not fit. */
  desk_label: textSchema.optional(),
  help: textSchema.optional(),
  required: z.boolean().optional(),
  contact: z.boolean().optional(),
  accept: z
    .array(
      z
        .string()
        .regex(/^[\w.+-]+\/(\*|[\w.+-]+)$|^\.[\w]+$/, 'use a media type such as image/* or an extension such as .pdf'),
    )
    .optional(),
  max_mb: z.number().positive().max(100).optional(),
  of: contentNameSchema.optional(),
  options: z.array(optionSchema).min(1, 'a choice needs at least one option').optional(),
  max_length: z.int().positive().max(100_000).optional(),
  /** Whether the answer is personal data, erased with the case's other personal data (docs/privacy.md). */
  personal: z.boolean().optional(),
})

export const mailSchema = z.strictObject({
  to: z.string().min(1),
  subject: textSchema,
  body: textSchema,
})

const stateSchema = z.strictObject({
  name: contentNameSchema,
  label: textSchema.optional(),
  /** What staff call it on desks, where the visitor's words do not fit. */
  desk_label: textSchema.optional(),
  after: z.strictObject({ days: z.number(), to: contentNameSchema }).optional(),
  grants: contentNameSchema.optional(),
  /** Work on the case is done here: a desk leaves it out unless asked for. */
  closed: z.boolean().optional(),
})

const moveSchema = z.strictObject({
  name: contentNameSchema,
  from: namesSchema,
  to: contentNameSchema,
  label: textSchema.optional(),
  mail: mailSchema.optional(),
})

const selfMoveSchema = moveSchema.extend({ from: namesSchema.optional() })

/** A desk move may ask staff for a note and for a second press. */
const deskMoveSchema = moveSchema.extend({
  note: z.enum(['optional', 'required']).optional(),
  confirm: z.boolean().optional(),
})

export const bucketSchema = z.strictObject({
  title: textSchema,
  sign_in: z.enum(['required', 'optional', 'none']).optional(),
  fields: z.array(fieldSchema).min(1, 'a bucket needs at least one field'),
  states: z.array(stateSchema),
  moves: z.array(deskMoveSchema).optional(),
  self: z.array(selfMoveSchema).optional(),
  public: z
    .strictObject({ states: z.array(contentNameSchema).optional(), fields: z.array(contentNameSchema).optional() })
    .optional(),
  thanks: textSchema.optional(),
  /** Mailed to the contact address a filing gives, if it gives one. */
  receipt: z.strictObject({ subject: textSchema, body: textSchema }).optional(),
  /** A case in one of these states for longer than `days` has its personal data erased by the clock. */
  retention: z.strictObject({ days: z.number(), in: z.array(contentNameSchema) }).optional(),
  /** The submitter may erase their own case's personal data from its case page. */
  self_erase: z.boolean().optional(),
})
export type RawBucket = z.infer<typeof bucketSchema>
export type RawField = z.infer<typeof fieldSchema>
export type RawMail = z.infer<typeof mailSchema>
