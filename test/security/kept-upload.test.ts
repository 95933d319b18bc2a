// Issue 26 item 6's kept file is only for the form it was kept for: someone
// else sending that form's one-time token files without it, and so does the
// same visitor with another form. Only the form itself sent again attaches it.
import { beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import type { DevSite } from './dev-site'
import type { TestS3 } from '../support/s3-server'
import { bucketForm, filedId, openPage, type CookieFetch, type PostedForm } from '../visitor/visitor-client'
import { jpeg, postFiles, storedKeys, useStoreSite } from '../files/upload-client'

const world = useStoreSite()
let s3: TestS3
let site: DevSite
beforeAll(() => {
  s3 = world.s3()
  site = world.site()
})

const FIELDS = { street: 'Token Thief Street 1', kind: 'pothole', depth: '4' }

async function freshForm(client: CookieFetch): Promise<PostedForm> {
  return bucketForm((await openPage(client, `${site.base}/`)).html, site.base, 'potholes')
}

describe('Security: a kept file is attached only by the form it was kept for', () => {
  it('another visitor with the same token, or the same visitor with another form, files without it', async () => {
    const owner = site.visitor()
    const refused = await postFiles(owner, await freshForm(owner), { ...FIELDS, depth: 'deep' }, [
      { name: 'photo', bytes: await jpeg(64, 64), filename: 'private.jpg', type: 'image/jpeg' },
    ])
    const refusedHtml = await refused.text()
    expect(readPage(refusedHtml).text('#f-potholes-photo-kept')).toContain('private.jpg is kept')
    const kept = bucketForm(refusedHtml, site.base, 'potholes')
    const keysKept = await storedKeys(s3)

    const thief = site.visitor()
    const own = await freshForm(thief)
    // Saying the form has a kept file changes nothing: it is looked for under the sender's own filing only.
    const stolen = {
      ...own,
      hidden: { ...own.hidden, svc_kept: 'yes', svc_submission: kept.hidden.svc_submission ?? '' },
    }
    const theirs = filedId(await postFiles(thief, stolen, FIELDS, []))
    expect((await thief(`${site.base}/attachment/potholes/${theirs}/photo`)).status).toBe(404)
    expect(await (await thief(`${site.base}/my/potholes/${theirs}`)).text()).not.toContain('private.jpg')

    const another = await freshForm(owner)
    const other = filedId(
      await postFiles(owner, { ...another, hidden: { ...another.hidden, svc_kept: 'yes' } }, FIELDS, []),
    )
    expect(other).not.toBe(theirs)
    expect((await owner(`${site.base}/attachment/potholes/${other}/photo`)).status).toBe(404)
    // Neither took nor removed it: it is still there for the form it was kept for.
    for (const key of keysKept) expect(await storedKeys(s3)).toContain(key)

    const mine = filedId(await postFiles(owner, kept, FIELDS, []))
    expect(await (await owner(`${site.base}/my/potholes/${mine}`)).text()).toContain('private.jpg')
    expect((await thief(`${site.base}/attachment/potholes/${mine}/photo`)).status).toBe(404)
  })
})
