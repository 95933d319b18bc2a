import { z } from 'zod'
import { contentNameSchema, textSchema } from './text'

export const siteSchema = z.strictObject({
  name: textSchema,
  tagline: textSchema.optional(),
  logo: z.string().optional(),
  favicon: z.string().optional(),
  colors: z
    .strictObject({
      primary: z.string().optional(),
      accent: z.string().optional(),
      text: z.string().optional(),
      background: z.string().optional(),
    })
    .optional(),
  font: z.string().optional(),
  footer: textSchema.optional(),
  language: z
    .string()
    .regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/, 'use a language tag such as en or nb')
    .optional(),
  storylines: z
    .array(contentNameSchema)
    .min(1, 'name at least one storyline, or leave storylines out for [main]')
    .optional(),
  inbox: z.email().optional(),
  /** The storyline desks, the People view and staff mail are read in; the first storyline when not given. */
  staff_storyline: contentNameSchema.optional(),
  messages: z.record(z.string(), textSchema).optional(),
  timezone: z.string().optional(),
  /** The groups desks and invites name, by name: how people read each one (`label:`, the name when none). */
  groups: z.record(contentNameSchema, z.strictObject({ label: textSchema.optional() }).nullable()).optional(),
})
export type RawSite = z.infer<typeof siteSchema>
