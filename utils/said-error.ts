// An error a handler throws for a person to read: its status line stays short
// English for logs and JSON clients, and the page says the same text by its
// catalogue id in the site's language (server/nitro/error-handler.ts).
import { createError, type H3Error } from 'h3'
import { englishMessages } from '../server/messages/messages'
import type { Said } from '../server/messages/said'

export function createSaidError(statusCode: number, text: Said): H3Error<{ said: Said }> {
  return createError({ statusCode, statusMessage: englishMessages.tell(text), data: { said: text } })
}
