// Reads a posted form without ever holding more than its limit: a declared
// length over the limit is refused before any of the body is read, and a body
// that grows past it while arriving is cut off, whatever its header claimed.
import { getRequestHeader, type H3Event } from 'h3'
import { readBodyWithin, refuseDeclaredOversize } from './read-body-within'
import { FORM_TEXT_LIMIT } from '../server/forms/body-limit'
import type { FormBody, FormValue } from '../server/forms/form-body'
import { parseMultipart } from '../server/forms/parse-multipart'
import { parseUrlEncoded } from '../server/forms/parse-urlencoded'
import { said } from '../server/messages/said'
import { createSaidError } from './said-error'

export interface ReadFormOptions {
  /**
   * The most a multipart body may carry; `formBodyLimit(bucket)` gives the
   * usual one. A url-encoded body carries no files, so it is held to
   * FORM_TEXT_LIMIT even when this is larger. Default FORM_TEXT_LIMIT.
   */
  readonly maxBytes?: number
}

export async function readFormBody(event: H3Event, options: ReadFormOptions = {}): Promise<FormBody> {
  const contentType = getRequestHeader(event, 'content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  const maxBytes = options.maxBytes ?? FORM_TEXT_LIMIT
  if (mediaType === 'application/x-www-form-urlencoded') {
    const bytes = await readWithin(event, Math.min(maxBytes, FORM_TEXT_LIMIT))
    return firstOfEach(parseUrlEncoded(bytes))
  }
  if (mediaType === 'multipart/form-data') {
    const bytes = await readWithin(event, maxBytes)
    return firstOfEach(await parseMultipart(bytes, contentType))
  }
  throw createSaidError(415, said('error.content-type'))
}

async function readWithin(event: H3Event, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  refuseDeclaredOversize(event, limit)
  // Buffer.concat always allocates a plain ArrayBuffer, never a shared one.
  return (await readBodyWithin(event, limit)) as Uint8Array<ArrayBuffer>
}

// A rendered form sends at most one value per name (radios share a name, but
// only the checked one is sent), so a repeat comes from a crafted post.
// Keeping the first means an appended copy cannot override what the form
// sent, both encodings behave alike, and no field ever sees a list.
function firstOfEach(pairs: ReadonlyArray<[string, FormValue]> | null): FormBody {
  if (pairs === null) throw createSaidError(400, said('error.form-unreadable'))
  const body = new Map<string, FormValue>()
  for (const [name, value] of pairs) if (!body.has(name)) body.set(name, value)
  return body
}
