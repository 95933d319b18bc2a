// A small picture of an uploaded image, kept beside it, so desks and case
// pages load kilobytes instead of a phone's megabytes. Made after the
// original is stored, from the stored bytes; an image sharp cannot read, one
// over the pixel budget (preview-budget.ts) or one arriving while the line of
// previews is full gets no preview (the original is still there, served as
// what it is).
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { log } from '../log'
import type { ObjectStore } from './object-store'
import { previewPixelLimit } from './preview-budget'
import { createPreviewQueue } from './preview-queue'
import { previewKey } from './upload-key'

const EDGE = 640
const queue = createPreviewQueue(2, 16)

/** Whether a preview was stored. */
export async function makePreview(store: ObjectStore, key: string): Promise<boolean> {
  const made = await queue.run(() => shrinkStored(store, key))
  if (made === null) log('warn', 'files', '[svc] [files] no preview: too many at once', { key })
  return made === true
}

async function shrinkStored(store: ObjectStore, key: string): Promise<boolean> {
  const original = await store.get(key)
  if (original === null) return false
  try {
    // The original is within its field's byte limit; held here, its header is read without decoding a pixel.
    const bytes = Buffer.concat(await original.body.toArray())
    const header = await sharp(bytes).metadata()
    const limit = previewPixelLimit(header)
    if (limit === null) {
      log('info', 'files', 'no preview for a picture over the pixel budget', {
        width: header.width,
        height: header.height,
        progressive: header.isProgressive,
      })
      return false
    }
    const preview = await sharp(bytes, { failOn: 'error', limitInputPixels: limit })
      .rotate()
      .resize(EDGE, EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer()
    await store.put(previewKey(key), Readable.from([preview]), 'image/webp')
    return true
  } catch (error) {
    original.body.destroy()
    log('warn', 'files', '[svc] [files] no preview for an upload', { reason: String(error) })
    await store.delete(previewKey(key)).catch(() => undefined)
    return false
  }
}
