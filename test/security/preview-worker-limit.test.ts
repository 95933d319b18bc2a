// A picture that costs more to decode than its header promised must end the
// preview worker, never the service or the filing. The worker's address space
// is set far too small here (PREVIEW_WORKER_MB, lowered only for this): the
// worker dies, the filing succeeds, the original is stored and shown without
// a preview, and the service answers on.
import { beforeAll, describe, expect, it } from 'vitest'
import type { DevSite } from './dev-site'
import type { TestS3 } from '../support/s3-server'
import { filedId } from '../visitor/visitor-client'
import { fileWithFiles, jpeg, storedKeys, useStoreSite } from '../files/upload-client'

const world = useStoreSite({ PREVIEW_WORKER_MB: '16' })
let s3: TestS3
let site: DevSite
beforeAll(() => {
  s3 = world.s3()
  site = world.site()
})

describe('Security: the preview worker over its memory limit', () => {
  it('a picture within the pixel budget whose worker dies is filed and kept without a preview', async () => {
    const picture = await jpeg()
    const before = await storedKeys(s3)
    const filed = await fileWithFiles(site.visitor(), site.base, { street: 'Limit Lane 1', kind: 'pothole' }, [
      { name: 'photo', bytes: picture, filename: 'photo.jpg' },
    ])
    expect(filed.status).toBe(303)
    const added = (await storedKeys(s3)).filter((key) => !before.includes(key))
    expect(added).toHaveLength(1)
    expect(added[0]).not.toMatch(/\.preview\.webp$/)

    const id = filedId(filed)
    const kari = await site.as('kari')
    const desk = await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    expect(desk).toContain(`href="/attachment/potholes/${id}/photo"`)
    expect(desk).not.toContain('?preview=1')
    const original = await kari(`${site.base}/attachment/potholes/${id}/photo`)
    expect(Buffer.from(await original.arrayBuffer()).equals(picture)).toBe(true)
  })
})
