// A small picture of an uploaded image, kept beside it, so desks and case
// pages load kilobytes instead of a phone's megabytes. Made after the
// original is stored, from the stored bytes; an image sharp cannot read gets
// no preview (the original is still there, served as what it is).
import sharp from 'sharp'
import { log } from '../log'
import type { ObjectStore } from './object-store'
import { previewKey } from './upload-key'

const EDGE = 640

/** Whether a preview was stored. */
export async function makePreview(store: ObjectStore, key: string): Promise<boolean> {
  const original = await store.get(key)
  if (original === null) return false
  // Pixel bombs: sharp's own limit on input pixels (268 megapixels) stops them.
  const shrink = sharp({ failOn: 'error' })
    .rotate()
    .resize(EDGE, EDGE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
  // pipe() does not pass a failed read on: without this, sharp would wait for the rest for ever.
  original.body.once('error', (error) => shrink.destroy(error))
  try {
    await store.put(previewKey(key), original.body.pipe(shrink), 'image/webp')
    return true
  } catch (error) {
    original.body.destroy()
    log('warn', 'files', '[svc] [files] no preview for an upload', { reason: String(error) })
    await store.delete(previewKey(key)).catch(() => undefined)
    return false
  }
}
