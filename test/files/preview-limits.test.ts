// The preview step's own bounds, without a service: which headers are over
// the pixel budget, and the line that runs at most two previews at once.
import { describe, expect, it } from 'vitest'
import { previewPixelLimit } from '../../server/files/preview-budget'
import { createPreviewQueue } from '../../server/files/preview-queue'

describe('previews: the pixel budget and the line', () => {
  it('a picture over 40 megapixels, or a progressive JPEG over 12, gets no preview', () => {
    expect(previewPixelLimit({ width: 4000, height: 3000, format: 'jpeg', isProgressive: true })).toBe(12_000_000)
    expect(previewPixelLimit({ width: 4001, height: 3000, format: 'jpeg', isProgressive: true })).toBeNull()
    expect(previewPixelLimit({ width: 8000, height: 5000, format: 'jpeg', isProgressive: false })).toBe(40_000_000)
    expect(previewPixelLimit({ width: 16383, height: 16383, format: 'png' })).toBeNull()
    expect(previewPixelLimit({ format: 'webp' })).toBeNull()
  })

  it('runs two at once, lets a short line wait, and turns away what comes when the line is full', async () => {
    const queue = createPreviewQueue(2, 1)
    let running = 0
    let most = 0
    const gates: Array<() => void> = []
    const job = () =>
      queue.run(async () => {
        running += 1
        most = Math.max(most, running)
        await new Promise<void>((resolve) => gates.push(resolve))
        running -= 1
        return 'made'
      })
    const settled = () => new Promise((resolve) => setImmediate(resolve))
    const jobs = [job(), job(), job()]
    expect(await job()).toBeNull()
    await settled()
    expect(gates).toHaveLength(2)
    gates[0]!()
    await settled()
    expect(gates).toHaveLength(3)
    gates[1]!()
    gates[2]!()
    expect(await Promise.all(jobs)).toEqual(['made', 'made', 'made'])
    expect(most).toBe(2)
  })
})
