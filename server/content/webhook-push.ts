// What a git host's push delivery asks of the service: a reload, or nothing.
import { z } from 'zod'

const pushSchema = z.object({
  ref: z.string(),
  after: z.string().optional(),
  deleted: z.boolean().optional(),
})

export type PushDecision =
  | { readonly kind: 'reload'; readonly revision?: string }
  | { readonly kind: 'ignore'; readonly why: string }
  | { readonly kind: 'invalid' }

export function decidePush(body: Uint8Array, branch: string): PushDecision {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return { kind: 'invalid' }
  }
  const push = pushSchema.safeParse(json)
  if (!push.success) return { kind: 'invalid' }
  const { ref, after, deleted } = push.data
  if (ref !== `refs/heads/${branch}`) return { kind: 'ignore', why: `not ${branch}: ${ref}` }
  // Fetching a deleted branch can only fail; the last content keeps serving anyway.
  if (deleted) return { kind: 'ignore', why: `${branch} was deleted` }
  return { kind: 'reload', revision: after }
}
