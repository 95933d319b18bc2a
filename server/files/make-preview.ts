// A small picture of an uploaded image, kept beside it, so desks and case
// pages load kilobytes instead of a phone's megabytes. Made after the
// original is stored, from the stored bytes, by a worker process under a
// memory limit (preview-worker.ts); an image sharp cannot read, one over the
// pixel budget (preview-budget.ts), one whose worker dies or runs too long,
// or one arriving while the line of previews is full gets no preview (the
// original is still there, served as what it is).
import { dirname, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import type { ObjectStore } from './object-store'
import { createPreviewQueue } from './preview-queue'
import { createPreviewWorker, type PreviewWorker } from './preview-worker'
import { previewKey } from './upload-key'

const queue = createPreviewQueue(2, 16)
let worker: PreviewWorker | undefined

// The worker is bundled beside the service's entry (.output/server/index.mjs), where sharp is found too.
const useWorker = (): PreviewWorker =>
  (worker ??= createPreviewWorker({
    script: resolve(dirname(process.argv[1] ?? '.'), 'preview-worker.mjs'),
    addressSpaceMb: useConfig().PREVIEW_WORKER_MB,
  }))

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
    // The original is within its field's byte limit; held here only as bytes, never decoded in this process.
    const answer = await useWorker()(Buffer.concat(await original.body.toArray()))
    if ('overBudget' in answer) {
      log('info', 'files', 'no preview for a picture over the pixel budget', { key, header: answer.overBudget })
      return false
    }
    if ('failed' in answer) {
      log('warn', 'files', '[svc] [files] no preview for an upload', { key, reason: answer.failed })
      return false
    }
    await store.put(previewKey(key), Readable.from([answer.preview]), 'image/webp')
    return true
  } catch (error) {
    original.body.destroy()
    log('warn', 'files', '[svc] [files] no preview for an upload', { key, reason: String(error) })
    await store.delete(previewKey(key)).catch(() => undefined)
    return false
  }
}
