// Issue 26 item 6: a file that passed its own checks is kept across a refusal
// of another answer, tied to the form's one-time token: sent again without a
// file, the case is filed with it; with another file, that one replaces it.
// What is never filed stays for the day-old sweep; what is filed leaves no note.
import { beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import type { DevSite } from '../security/dev-site'
import type { TestS3 } from '../support/s3-server'
import { bucketForm, filedId, openPage } from '../visitor/visitor-client'
import { jpeg, postFiles, storedKeys, useStoreSite } from './upload-client'

const world = useStoreSite()
let s3: TestS3
let site: DevSite
beforeAll(() => {
  s3 = world.s3()
  site = world.site()
})

const FIELDS = { street: 'Kept Photo Road 2', kind: 'pothole' }

describe('Issue 26 item 6: a refused form keeps the photo that passed its checks', () => {
  it('is said beside the field, replaced by a new choice, and filed when sent again without one', async () => {
    const visitor = site.visitor()
    const before = await storedKeys(s3)
    const first = bucketForm((await openPage(visitor, `${site.base}/`)).html, site.base, 'potholes')
    const refused = await postFiles(visitor, first, { ...FIELDS, depth: 'deep' }, [
      { name: 'photo', bytes: await jpeg(64, 64), filename: 'Tom & Jerry.jpg', type: 'image/jpeg' },
    ])
    expect(refused.status).toBe(422)
    const html = await refused.text()
    const page = readPage(html)
    expect(page.text('#f-potholes-depth-error')).toContain('Enter a number')
    expect(page.text('#f-potholes-photo-kept')).toBe('Tom & Jerry.jpg is kept; choose another to replace it.')
    expect(html).toContain('Tom &amp; Jerry.jpg is kept')
    expect(page.one('#f-potholes-photo').attributes['aria-describedby']).toContain('f-potholes-photo-kept')
    expect(page.one('#f-potholes-photo').attributes.required).toBeUndefined()
    const again = bucketForm(html, site.base, 'potholes')
    expect(again.hidden.svc_submission).toBe(first.hidden.svc_submission)
    expect(again.hidden.svc_kept).toBe('yes')
    expect(first.hidden.svc_kept).toBeUndefined()
    const added = async () => (await storedKeys(s3)).filter((key) => !before.includes(key))
    const firstKeys = await added()
    expect(firstKeys).toHaveLength(3)
    expect(firstKeys.some((key) => key.endsWith('/photo/pending.json'))).toBe(true)

    // Another photo, still a bad depth: the new one is kept instead, the first removed.
    const replaced = await postFiles(visitor, again, { ...FIELDS, depth: 'deeper' }, [
      { name: 'photo', bytes: await jpeg(80, 60), filename: 'second.jpg', type: 'image/jpeg' },
    ])
    const replacedHtml = await replaced.text()
    expect(readPage(replacedHtml).text('#f-potholes-photo-kept')).toBe(
      'second.jpg is kept; choose another to replace it.',
    )
    const secondKeys = await added()
    expect(secondKeys).toHaveLength(3)
    expect(secondKeys.filter((key) => firstKeys.includes(key) && !key.endsWith('pending.json'))).toEqual([])

    // Sent again without choosing a file: filed with the kept photo, and its note is gone.
    const filed = await postFiles(
      visitor,
      bucketForm(replacedHtml, site.base, 'potholes'),
      { ...FIELDS, depth: '12' },
      [],
    )
    expect(filed.status).toBe(303)
    const id = filedId(filed)
    const mine = await (await visitor(`${site.base}/my/potholes/${id}`)).text()
    expect(mine).toContain('second.jpg')
    expect(mine).toContain(`src="/attachment/potholes/${id}/photo?preview=1"`)
    expect((await visitor(`${site.base}/attachment/potholes/${id}/photo`)).status).toBe(200)
    const left = await added()
    expect(left).toHaveLength(2)
    expect(left.every((key) => key.startsWith(`uploads/potholes/${id}/photo/`) && !key.endsWith('pending.json'))).toBe(
      true,
    )
  })
})
