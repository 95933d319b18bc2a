// A filing form with files, read as it streams (busboy): the text answers
// are kept (each within FORM_TEXT_LIMIT), and each chosen file of a `file`
// field goes straight to the object store, never whole in memory. Nothing is
// stored until `gate` (called at the first file, with the answers read so
// far: the service's hidden fields come first in its forms) has said who
// files and where the record's files go. Each file is checked against its
// field on the way: its type from its first bytes, its size while it
// streams. What was stored is listed so a filing that fails can remove it.
import { said } from '../server/messages/said'
import { Busboy } from '@fastify/busboy'
import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { Bucket, Field } from '../server/content/model'
import type { ObjectStore } from '../server/files/object-store'
import { removeKeys } from '../server/files/remove-keys'
import { DRAIN_BYTES } from './read-body-within'
import { log } from '../server/log'
import { FORM_TEXT_LIMIT } from '../server/forms/body-limit'
import { storeUpload, type FileOutcome } from '../server/forms/store-upload'

export interface UploadForm {
  readonly text: ReadonlyMap<string, string>
  readonly files: ReadonlyMap<string, FileOutcome>
  /** Every key stored for this post, previews included. */
  readonly storedKeys: readonly string[]
}

export type UploadRefusal = 'too-large' | 'unreadable' | 'store-down'

export interface UploadOptions {
  readonly bucket: Bucket
  /** Null while uploads fail closed: every chosen file is refused, nothing stored. */
  readonly store: ObjectStore | null
  /** The prefix of the record's keys, or null when this post may not store anything. */
  readonly gate: (text: ReadonlyMap<string, string>) => Promise<string | null>
  /** The most the whole body may carry (formBodyLimit), however it is sent. */
  readonly maxBytes: number
}

const UPLOADS_OFF = said('form.uploads-off')
const NOT_STORED = said('answer.file-not-taken')
// A form has a few dozen inputs; a thousand parts is an attack, not a form.
const MAX_PARTS = 100

export function readUploadForm(req: IncomingMessage, options: UploadOptions): Promise<UploadForm | UploadRefusal> {
  const fileFields = options.bucket.fields.filter((field) => field.type === 'file')
  const text = new Map<string, string>()
  const files = new Map<string, FileOutcome>()
  const storedKeys: string[] = []
  const work: Promise<void>[] = []
  let gate: Promise<string | null> | undefined
  let textBytes = 0
  let refused: UploadRefusal | undefined

  // Parts under way: cut off with the request, so their work ends (and removes what it stored) instead of waiting.
  const open = new Set<Readable>()
  const handleFile = async (field: Field, stream: Readable, filename: string): Promise<void> => {
    open.add(stream)
    stream.once('close', () => open.delete(stream))
    // A part cut off with its request fails its reader (storeUpload); as an event it would have no listener.
    stream.on('error', () => undefined)
    if (options.store === null) return void (files.set(field.name, { error: UPLOADS_OFF }), stream.resume())
    gate ??= options.gate(new Map(text))
    const prefix = await gate
    // Only a crafted post gets here: a form that may not be filed (refused after), or files before its own fields.
    if (prefix === null) return void (files.set(field.name, { error: NOT_STORED }), stream.resume())
    const { outcome, keys } = await storeUpload(options.store, field, stream, prefix, filename)
    storedKeys.push(...keys)
    files.set(field.name, outcome)
  }

  return new Promise((resolve) => {
    let busboy
    try {
      busboy = Busboy({
        headers: req.headers as { 'content-type': string },
        limits: {
          parts: MAX_PARTS,
          fields: MAX_PARTS,
          files: Math.max(1, fileFields.length),
          fieldSize: FORM_TEXT_LIMIT,
          fieldNameSize: 200,
          headerPairs: 20,
        },
      })
    } catch {
      return resolve('unreadable')
    }
    const tooMuch = () => (refused = 'too-large')
    busboy.on('partsLimit', tooMuch)
    busboy.on('filesLimit', tooMuch)
    busboy.on('fieldsLimit', tooMuch)
    busboy.on('field', (name, value, nameTruncated, valueTruncated) => {
      textBytes += name.length + value.length
      if (valueTruncated || nameTruncated || textBytes > FORM_TEXT_LIMIT) tooMuch()
      else if (!text.has(name)) text.set(name, value)
    })
    busboy.on('file', (name, stream, filename) => {
      const field = fileFields.find((f) => f.name === name)
      // Browsers send an empty file input as a nameless part; a second part for one field is a crafted post.
      if (field === undefined || files.has(name) || filename === '' || refused !== undefined)
        return void stream.resume()
      files.set(name, { error: said('answer.file-arriving') })
      work.push(handleFile(field, stream, filename))
    })
    let settling = false
    const settle = async (failure?: unknown) => {
      if (settling) return
      settling = true
      if (failure !== undefined) for (const stream of open) stream.destroy()
      const outcomes = await Promise.allSettled(work)
      const broken = outcomes.find((outcome) => outcome.status === 'rejected')
      if (failure !== undefined || broken !== undefined || refused !== undefined) {
        await removeKeys(options.store, storedKeys)
        if (failure !== undefined || refused !== undefined) return resolve(refused ?? 'unreadable')
        // A file the store would not take: the post is refused whole, nothing filed.
        log('error', 'files', '[svc] [files] the object store did not take an upload', {
          reason: String((broken as PromiseRejectedResult).reason),
        })
        return resolve('store-down')
      }
      resolve({ text, files, storedKeys })
    }
    let received = 0
    req.on('data', (chunk: Buffer) => {
      received += chunk.length
      // The rest is read and dropped, so the 413 reaches the sender, up to a bound (as read-body-within.ts does).
      if (received > options.maxBytes + DRAIN_BYTES) req.destroy()
      if (received <= options.maxBytes || settling) return
      refused = 'too-large'
      req.unpipe(busboy)
      req.resume()
      // The files under way fail with the stream; settle removes whatever they stored.
      busboy.destroy(new Error('too large'))
      void settle('too-large')
    })
    busboy.on('finish', () => void settle())
    busboy.on('error', (error) => void settle(error ?? 'unreadable'))
    req.on('aborted', () => void settle('aborted'))
    req.pipe(busboy)
  })
}
