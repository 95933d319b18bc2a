// An edit suggestion as kept in KV `svc_edit_suggestions`: what a responsible
// person proposed for which texts of which page, and where it stands. Read
// back through the schema: the bucket outlives releases.
import { z } from 'zod'
import { decodeJsonOrUndefined } from '../bus/payload'

export const SUGGESTIONS_KV = 'svc_edit_suggestions'

/** sent -> accepted | declined; accepted -> applied once the live content carries the change. */
export const SUGGESTION_STATES = ['sent', 'accepted', 'declined', 'applied'] as const
export type SuggestionState = (typeof SUGGESTION_STATES)[number]

const changeSchema = z.object({
  /** The page text's key (`title`, `block-<n>`). */
  key: z.string(),
  label: z.string(),
  /** The storyline changed, or null for a text shared by every storyline. */
  storyline: z.string().nullable(),
  before: z.string(),
  after: z.string(),
})
export type SuggestedChange = z.infer<typeof changeSchema>

const actorSchema = z.union([
  z.object({
    kind: z.literal('person'),
    subject: z.string(),
    name: z.string().optional(),
    /** The accepting person's address, the commit's committer. */
    email: z.string().optional(),
  }),
  z.object({ kind: z.literal('service') }),
])
export type SuggestionActor = z.infer<typeof actorSchema>

export const suggestionSchema = z.object({
  id: z.string(),
  /** The page's path and file when it was sent. */
  page: z.string(),
  file: z.string(),
  /** The page's title in the site's first storyline, for lists and mail. */
  title: z.string(),
  by: z.object({
    subject: z.string(),
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
  }),
  /** The page texts' revision the suggestion was written against (page-texts.ts). */
  revision: z.string(),
  changes: z.array(changeSchema).min(1),
  state: z.enum(SUGGESTION_STATES),
  sentAt: z.string(),
  history: z.array(z.object({ state: z.enum(SUGGESTION_STATES), at: z.string(), by: actorSchema })),
  /** The pull request "accept" opened on the content repository, when there is one. */
  pullRequest: z.object({ url: z.string(), number: z.number() }).optional(),
  /** The file "accept" wrote the change into, on a content repository on this machine, and its commit. */
  written: z.object({ file: z.string(), commit: z.string().optional() }).optional(),
})
export type Suggestion = z.infer<typeof suggestionSchema>

/** null for a value this release cannot read. */
export function readSuggestion(value: Uint8Array): Suggestion | null {
  const parsed = suggestionSchema.safeParse(decodeJsonOrUndefined(value))
  return parsed.success ? parsed.data : null
}

/** The moves a desk may make, and where each leads. */
export const DESK_MOVES = { accept: 'accepted', decline: 'declined' } as const
