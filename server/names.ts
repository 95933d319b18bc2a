// What a name and a record id may look like, for the content lint and for
// every URL, form and key that carries one: what the lint lets through, a
// URL can serve.
import { z } from 'zod'

/**
 * Names are URL segments (`/file/<bucket>`, `/desk/<desk>/<bucket>/<id>`)
 * and bus subject tokens, which the service keeps to 64 characters.
 */
export const NAME_MAX_LENGTH = 64

/** Storylines, buckets, desks, groups, fields, states and moves (docs/content.md, Names). */
export const nameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'use lowercase letters, digits and _ (starting with a letter)')
  .max(NAME_MAX_LENGTH, `use at most ${NAME_MAX_LENGTH} characters, as names go into the service's URLs`)

/** Record ids the service makes: URL-safe base64, so they fit a URL segment, a KV key part and a subject token. */
export const recordIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

export function isName(value: unknown): value is string {
  return nameSchema.safeParse(value).success
}

export function isRecordId(value: unknown): value is string {
  return recordIdSchema.safeParse(value).success
}

/** `case` is the staff link resolver's segment under /desk (`/desk/case/<bucket>/<id>`), so no desk may take it. */
export const RESERVED_DESK_NAMES: readonly string[] = ['case']
