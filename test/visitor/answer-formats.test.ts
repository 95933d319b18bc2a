// Issue 26, smaller things: a date and a phone number read the same on the
// visitor's case page and on the desk: the day in the site's language, the
// number in national format for PHONE_COUNTRY (+47 here), international otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import { startDevSite, type DevSite } from '../security/dev-site'
import { fileThrough, filedId } from './visitor-client'

let site: DevSite
beforeAll(async () => {
  site = await startDevSite()
})
afterAll(() => site?.stop())

async function fileWith(phone: string): Promise<{ mine: string; desk: string }> {
  const visitor = site.visitor()
  const fields = { street: 'Format Road 8', kind: 'pothole', noticed: '2026-03-02', phone }
  const id = filedId(await fileThrough(visitor, site.base, '/', 'potholes', fields))
  const mine = readPage(await (await visitor(`${site.base}/my/potholes/${id}`)).text()).text('main')
  const kari = await site.as('kari')
  const desk = readPage(await (await kari(`${site.base}/desk/caseworkers/potholes/${id}`)).text()).text('main')
  return { mine, desk }
}

describe('Issue 26: dates and phone numbers read one way everywhere', () => {
  it('a Norwegian number is national and the date is the day in words, on the case page and the desk', async () => {
    const { mine, desk } = await fileWith('412 34 567')
    for (const page of [mine, desk]) {
      // The demo site's language is en: the day as the desk writes its times (Intl, en).
      expect(page).toContain('Mar 2, 2026')
      expect(page).not.toContain('2026-03-02')
      expect(page).toContain('41 23 45 67')
      expect(page).not.toContain('+4741234567')
    }
  })

  it('a Swedish number is international', async () => {
    const { mine, desk } = await fileWith('+46 70 123 45 67')
    for (const page of [mine, desk]) expect(page).toContain('+46 70 123 45 67')
  })
})
