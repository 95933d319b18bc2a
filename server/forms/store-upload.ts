// One chosen file of a filing form, to the object store: typed by its first
// bytes and held to its field's `accept`, limited while it streams, stored
// under the record's prefix, a preview made for a picture. Whatever happens,
// the rest of the part is read and dropped, so the form around it goes on.
import { said, type Said } from '../messages/said'
import type { Readable } from 'node:stream'
import { Readable as ReadableStream } from 'node:stream'
import type { Field } from '../content/model'
import { makePreview } from '../files/make-preview'
import type { ObjectStore } from '../files/object-store'
import { acceptedType, PREVIEW_TYPES, SNIFF_BYTES, sniffType } from '../files/sniff-type'
import { cleanFileName, type StoredFile } from '../files/stored-file'
import { previewKey, uploadKey } from '../files/upload-key'
import { fileLimit } from './body-limit'

export type FileOutcome = { readonly stored: StoredFile } | { readonly error: Said }

export interface StoredUpload {
  readonly outcome: FileOutcome
  /** What was stored (the file and its preview), for removal should the filing fail. */
  readonly keys: readonly string[]
}

const refused = (error: Said): StoredUpload => ({ outcome: { error }, keys: [] })

export async function storeUpload(
  store: ObjectStore,
  field: Field,
  stream: Readable,
  prefix: string,
  filename: string,
): Promise<StoredUpload> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  let ended = false
  const next = async (): Promise<Buffer | null> => {
    const read = await chunks.next()
    if (read.done === true) ended = true
    return read.done === true ? null : read.value
  }
  try {
    const head: Buffer[] = []
    let headBytes = 0
    for (let piece = await next(); piece !== null; piece = headBytes < SNIFF_BYTES ? await next() : null) {
      head.push(piece)
      headBytes += piece.length
    }
    const start = Buffer.concat(head)
    if (start.length === 0) return refused(said('answer.file-empty'))
    const type = acceptedType(field.accept, await sniffType(start))
    if (type === null) return refused(said('answer.file-type'))
    const limit = fileLimit(field)
    const key = uploadKey(prefix, field.name)
    let size = 0
    // The store's client may wrap the body's error in its own: the flag says why the put failed.
    let over = false
    const body = ReadableStream.from(
      (async function* () {
        for (let piece: Buffer | null = start; piece !== null; piece = ended ? null : await next()) {
          size += piece.length
          if (size > limit) {
            over = true
            throw new Error('the file is larger than its field takes')
          }
          yield piece
        }
      })(),
    )
    try {
      await store.put(key, body, type)
    } catch (error) {
      await store.delete(key).catch(() => undefined)
      if (!over) throw error
      return refused(said('answer.file-too-large-mb', { mb: Math.round(limit / 1048576) }))
    }
    const preview = PREVIEW_TYPES.has(type) && (await makePreview(store, key))
    const stored = { key, name: cleanFileName(filename), size, type, preview }
    return { outcome: { stored }, keys: preview ? [key, previewKey(key)] : [key] }
  } finally {
    // A stream cut off (the request aborted) cannot be read on; anything else is read to its end.
    if (!ended && !stream.destroyed) await drain(next)
  }
}

async function drain(next: () => Promise<Buffer | null>): Promise<void> {
  try {
    while ((await next()) !== null);
  } catch {
    // The part failed while being dropped: the form's own error handling answers for it.
  }
}
