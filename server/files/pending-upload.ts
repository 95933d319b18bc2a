// A file that passed its own checks on a form refused for another answer is
// kept for that form's next post: it stays where it was stored, under the
// record the form's one-time token would file, and a small note beside it
// says which file it is. The record prefix comes from the token and who
// posts (records/submission.ts filingId), so only the same form sent by the
// same visitor finds it. What is never filed is swept like any upload no
// record names, a day after (sweep-uploads.ts).
import { Readable } from 'node:stream'
import type { Bucket } from '../content/model'
import type { ObjectStore } from './object-store'
import { readStoredFile, storedFileValue, type StoredFile } from './stored-file'
import { previewKey } from './upload-key'

// A note is a few hundred bytes; anything larger was not written by this service.
const NOTE_LIMIT = 4096

export function pendingKey(recordPrefix: string, field: string): string {
  return `${recordPrefix}/${field}/pending.json`
}

/** The file and its preview. */
export function fileKeys(file: StoredFile): string[] {
  return file.preview ? [file.key, previewKey(file.key)] : [file.key]
}

export async function writePending(
  store: ObjectStore,
  recordPrefix: string,
  field: string,
  file: StoredFile,
): Promise<void> {
  const note = Readable.from([Buffer.from(storedFileValue(file))])
  await store.put(pendingKey(recordPrefix, field), note, 'application/json')
}

async function readNote(store: ObjectStore, key: string): Promise<string | null> {
  const found = await store.get(key)
  if (found === null) return null
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of found.body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > NOTE_LIMIT) {
      found.body.destroy()
      return null
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The files kept for this form, by field name: only those stored under the form's own record prefix. */
export async function readPending(
  store: ObjectStore,
  bucket: Bucket,
  recordPrefix: string,
): Promise<Map<string, StoredFile>> {
  const kept = new Map<string, StoredFile>()
  const fields = bucket.fields.filter((field) => field.type === 'file')
  const notes = await Promise.all(fields.map((field) => readNote(store, pendingKey(recordPrefix, field.name))))
  fields.forEach((field, at) => {
    const file = readStoredFile(notes[at] ?? undefined)
    if (file !== null && file.key.startsWith(`${recordPrefix}/${field.name}/`)) kept.set(field.name, file)
  })
  return kept
}
