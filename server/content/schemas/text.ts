import { z } from 'zod'
import { nameSchema } from '../../names'

/** A text: one string for every storyline, or a list with one entry per storyline. */
export const textSchema = z.union([z.string(), z.array(z.string()).min(1)])
export type RawText = z.infer<typeof textSchema>

/** Names authors use to refer to things: buckets, fields, states, moves, groups. */
export const contentNameSchema = nameSchema.refine((n) => !n.startsWith('svc_'), {
  message: 'names starting with svc_ are reserved for the service',
  params: { rule: 'reserved-name' },
})

/** A name or a list of names; authors often write a single `from: new`. */
export const namesSchema = z.union([contentNameSchema.transform((n) => [n]), z.array(contentNameSchema)])
