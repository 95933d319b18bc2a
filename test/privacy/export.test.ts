// Issue 29 item 5: GET /my/export, everything the service holds about the
// signed-in person as a zip: cases.json with what they filed and its
// timeline, their files byte for byte, a README in the site's language; an
// empty but valid zip for someone with no cases; sign-in first when signed out.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DevSite } from '../security/dev-site'
import { filedId, type CookieFetch } from '../visitor/visitor-client'
import { fileWithFiles, jpeg, useStoreSite } from '../files/upload-client'

const world = useStoreSite()
let site: DevSite
beforeAll(() => {
  site = world.site()
})

async function exported(client: CookieFetch): Promise<{ response: Response; path: string }> {
  const response = await client(`${site.base}/my/export`)
  const path = join(mkdtempSync(join(tmpdir(), 'export-')), 'export.zip')
  writeFileSync(path, Buffer.from(await response.clone().arrayBuffer()))
  return { response, path }
}

const unzipped = (path: string, name: string) => execFileSync('unzip', ['-p', path, name])

describe('Issue 29, export: a signed-in person downloads everything the service holds about them', () => {
  it('gives a zip of their cases (fields, state, timeline) and their photo, and nobody else’s', async () => {
    const nora = await site.as('nora')
    const marker = `Export ${randomBytes(4).toString('hex')}`
    const photo = await jpeg(640, 480)
    const filed = await fileWithFiles(nora, site.base, { street: `${marker} Road 1`, kind: 'pothole' }, [
      { name: 'photo', bytes: photo, filename: 'hole.jpg', type: 'image/jpeg' },
    ])
    expect(filed.status).toBe(303)
    const id = filedId(filed)
    // Someone else's case is not in it.
    const other = site.visitor()
    expect((await fileWithFiles(other, site.base, { street: 'Stranger Street 9', kind: 'pothole' }, [])).status).toBe(
      303,
    )

    const { response, path } = await exported(nora)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/,
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/)

    const data = JSON.parse(unzipped(path, 'cases.json').toString()) as {
      cases: { reference: string; state: string; fields: Record<string, unknown>; timeline: { event: string }[] }[]
    }
    expect(data.cases).toHaveLength(1)
    const [mine] = data.cases
    expect(mine?.fields.street).toBe(`${marker} Road 1`)
    expect(mine?.fields.kind).toBe('pothole')
    expect(mine?.timeline.map((entry) => entry.event)).toEqual(['filed'])
    const casePage = await (await nora(`${site.base}/my/potholes/${id}`)).text()
    expect(casePage).toContain(mine?.reference)
    expect(casePage).toContain(mine?.state)
    const photoEntry = mine?.fields.photo as { file: string; name: string; size: number }
    expect(photoEntry).toMatchObject({ name: 'hole.jpg', size: photo.length })
    expect(unzipped(path, photoEntry.file).equals(photo)).toBe(true)
    expect(unzipped(path, 'README.txt').toString()).toMatch(/Cases: 1\./)
    expect(JSON.stringify(data)).not.toContain('Stranger Street')
    expect(JSON.stringify(data)).not.toContain('uploads/')
  })

  it('staff of a desk that may erase download the same export of one case, for a request by mail', async () => {
    const nora = await site.as('nora')
    const filed = await fileWithFiles(nora, site.base, { street: 'Asked By Mail 3', kind: 'pothole' }, [])
    const id = filedId(filed)
    const kari = await site.as('kari')
    const page = await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    expect(page).toContain(`href="/desk/caseworkers/potholes/${id}/export"`)
    const response = await kari(`${site.base}/desk/caseworkers/potholes/${id}/export`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const path = join(mkdtempSync(join(tmpdir(), 'export-')), 'case.zip')
    writeFileSync(path, Buffer.from(await response.arrayBuffer()))
    const data = JSON.parse(unzipped(path, 'cases.json').toString()) as { cases: { fields: Record<string, unknown> }[] }
    expect(data.cases.map((one) => one.fields.street)).toEqual(['Asked By Mail 3'])
    // Someone not on that desk gets the desk's refusal, no zip.
    const stranger = await site.visitor()(`${site.base}/desk/caseworkers/potholes/${id}/export`)
    expect(stranger.headers.get('content-type') ?? '').not.toContain('zip')
    expect(await stranger.text()).not.toContain('Asked By Mail 3')
  })

  it('for someone with no cases is an empty but valid zip', async () => {
    const { response, path } = await exported(await site.as('kari'))
    expect(response.status).toBe(200)
    expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/)
    expect(JSON.parse(unzipped(path, 'cases.json').toString())).toMatchObject({ cases: [] })
    expect(unzipped(path, 'README.txt').toString()).toMatch(/Cases: 0\./)
  })

  it('signed out, sends the person to sign in and back to the export', async () => {
    const response = await site.visitor()(`${site.base}/my/export`)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/auth/sign-in?return=%2Fmy%2Fexport')
  })

  it('is linked from the account page', async () => {
    const page = await (await (await site.as('nora'))(`${site.base}/my`)).text()
    expect(page).toContain('href="/my/export"')
    expect(page).toContain('Download everything this site holds about you')
  })
})
