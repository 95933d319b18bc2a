// The preview worker on its own, as the service runs it (the built
// .output/server/preview-worker.mjs): a preview back, a header over the budget
// judged without decoding, and "no preview" for a worker that dies, runs past
// its time or cannot be limited.
import { join } from 'node:path'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { createPreviewWorker } from '../../server/files/preview-worker'
import { ROOT } from '../support/server'
import { jpeg } from './upload-client'

const script = join(ROOT, '.output/server/preview-worker.mjs')

/** A one-pixel PNG whose header claims `width` × `height`: only a decoder would find out. */
async function overstatedPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer()
  // The header chunk: length at 8, type and data from 12 (width at 16, height at 20), its CRC at 29.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}

describe('previews: the worker process', () => {
  it('answers a WebP of at most 640 pixels under the default limit', async () => {
    const answer = await createPreviewWorker({ script })(await jpeg())
    if (!('preview' in answer)) throw new Error(JSON.stringify(answer))
    const made = await sharp(answer.preview).metadata()
    expect([made.format, made.width, made.height]).toEqual(['webp', 640, 480])
  })

  it('refuses a picture over the pixel budget from its header', async () => {
    const wide = await overstatedPng(9000, 5000)
    const answer = await createPreviewWorker({ script })(wide)
    expect(answer).toEqual({ overBudget: expect.stringContaining('"width":9000') })
  })

  it('gives no preview when the worker dies under its limit, runs past its time, or is fed what is no picture', async () => {
    const picture = await jpeg()
    expect(await createPreviewWorker({ script, addressSpaceMb: 16 })(picture)).toHaveProperty('failed')
    expect(await createPreviewWorker({ script, timeoutMs: 1 })(picture)).toEqual({ failed: 'took over 1 ms' })
    expect(await createPreviewWorker({ script })(Buffer.from('not a picture'))).toHaveProperty('failed')
  })

  it('without prlimit on the PATH, still makes the preview (unlimited) rather than fail', async () => {
    expect(await createPreviewWorker({ script, path: '' })(await jpeg())).toHaveProperty('preview')
  })
})
