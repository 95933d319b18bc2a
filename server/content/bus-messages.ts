// The two content subjects on the bus (DESIGN.md, "The bus") and their payloads.
import { z } from 'zod'
import { decodeText } from '../bus/payload'
import type { Bus } from '../bus/types'
import { log } from '../log'
import type { LiveContent } from './store'

/** Asks every instance to fetch the content again. */
export const CONTENT_CHANGED = 'svc.content.changed'
/** Told by each instance once new content is live there. */
export const CONTENT_RELOADED = 'svc.content.reloaded'

const changedSchema = z.object({
  revision: z.string().max(200).optional(),
  reason: z.string().max(200).optional(),
})

export type ContentChanged = z.infer<typeof changedSchema>

export interface ContentReloaded {
  readonly revision: string
  readonly instance: string
  readonly loadedAt: string
}

export type ReadChanged =
  { readonly ok: true; readonly message: ContentChanged } | { readonly ok: false; readonly problem: string }

/** The payload is optional: an empty message is a plain "reload, please". */
export function readContentChanged(data: Uint8Array): ReadChanged {
  const text = decodeText(data).trim()
  if (text === '') return { ok: true, message: {} }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { ok: false, problem: 'the payload is not JSON' }
  }
  const parsed = changedSchema.safeParse(json)
  if (parsed.success) return { ok: true, message: parsed.data }
  const issue = parsed.error.issues[0]
  return { ok: false, problem: `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}` }
}

export function publishContentChanged(bus: Bus, message: ContentChanged): void {
  bus.publish(CONTENT_CHANGED, message)
}

/** Never throws: the content is live whether or not the bus takes the news. */
export function publishContentReloaded(bus: Bus, content: LiveContent, instance: string): void {
  const message: ContentReloaded = {
    revision: content.snapshot.revision,
    instance,
    loadedAt: content.loadedAt.toISOString(),
  }
  try {
    bus.publish(CONTENT_RELOADED, message)
  } catch (error) {
    log('error', 'content', `[svc] [content] cannot announce the reload: ${(error as Error).message}`, {
      revision: message.revision,
    })
  }
}
