// File names as an attacker sends them: one cut inside a surrogate pair made
// every request for the attachment answer 500 (`URI malformed`), and bidi
// controls made `invoice\u202Egnp.exe` show as `invoiceexe.png`. Names are cut
// on code points, lose every control and format character (\p{Cf}), and
// Content-Disposition is made for any name without throwing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentDisposition } from '../../server/files/content-disposition'
import { cleanFileName, readStoredFile, storedFileValue } from '../../server/files/stored-file'
import { startDevSite, type DevSite } from './dev-site'
import { startS3Server, type TestS3 } from '../support/s3-server'
import { filedId } from '../visitor/visitor-client'
import { fileWithFiles, jpeg } from '../files/upload-client'

const INVISIBLES = ['\u202E', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\u200C', '\u200D', '\u200E']
const invisible = /[\p{Cc}\p{Cf}\p{Cs}]/u
/** No lone surrogate: in a `u` pattern only an unpaired half is a code point of category Cs. */
const wellFormed = (text: string): boolean => !/\p{Cs}/u.test(text)

let s3: TestS3
let site: DevSite
let photo: Buffer
beforeAll(async () => {
  s3 = await startS3Server()
  site = await startDevSite({}, { ...s3.env })
  photo = await jpeg(64, 48)
})
afterAll(async () => {
  await site?.stop()
  await s3?.stop()
})

/** Files a pothole with one photo named `filename`; the filer and the case's id. */
async function fileNamed(filename: string) {
  const owner = site.visitor()
  const filed = await fileWithFiles(owner, site.base, { street: 'Name Street 1', kind: 'pothole' }, [
    { name: 'photo', bytes: photo, filename },
  ])
  expect(filed.status).toBe(303)
  return { owner, id: filedId(filed) }
}

/** The name a browser saves the download as: filename* decoded. */
function savedName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''(.*)$/.exec(disposition ?? '')?.[1] ?? ''
  return decodeURIComponent(encoded)
}

describe('Security: file names', () => {
  it('a name of 119 ASCII characters and an emoji is served, never cut inside the surrogate pair', async () => {
    const { owner, id } = await fileNamed(`${'a'.repeat(119)}\u{1F600}`)
    const response = await owner(`${site.base}/attachment/potholes/${id}/photo`)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true)
    const name = savedName(response.headers.get('content-disposition'))
    expect(name).toBe(`${'a'.repeat(119)}\u{1F600}`)
    expect((await owner(`${site.base}/my/potholes/${id}`)).status).toBe(200)
  })

  it('bidi controls and zero-width characters are gone from the page, the desk and the download name', async () => {
    const { owner, id } = await fileNamed('invoice\u202Egnp.exe\u200B\u2066.jpg')
    const download = await owner(`${site.base}/attachment/potholes/${id}/photo`)
    expect(download.status).toBe(200)
    expect(savedName(download.headers.get('content-disposition'))).toBe('invoicegnp.exe.jpg')
    const mine = await (await owner(`${site.base}/my/potholes/${id}`)).text()
    const desk = await (await (await site.as('kari'))(`${site.base}/desk/caseworkers/potholes/${id}`)).text()
    for (const page of [mine, desk]) {
      expect(page).toContain('invoicegnp.exe.jpg')
      for (const char of INVISIBLES) expect(page).not.toContain(char)
    }
  })

  it('any length and any mix of emoji, controls and format characters cleans to a whole name of at most 120 code points', () => {
    for (let length = 100; length <= 130; length++)
      for (const tail of ['\u{1F600}', '\u{1F600}.png', `\u{1F468}\u200D\u{1F469}.jpg`, '\u202Egnp.exe']) {
        const name = cleanFileName(`${'\u{1F4A9}'.repeat(length % 7)}${'b'.repeat(length)}${tail}`)
        expect(wellFormed(name), name).toBe(true)
        expect([...name].length).toBeLessThanOrEqual(120)
        expect(name).not.toMatch(invisible)
        expect(() => contentDisposition('image/png', name)).not.toThrow()
      }
    expect(cleanFileName(`${'c'.repeat(200)}.pdf`)).toBe(`${'c'.repeat(116)}.pdf`)
    expect(cleanFileName('\u200B\u202E')).toBe('file')
  })

  it('a name stored before names were cleaned (a lone surrogate, a bidi override) is served whole and plain', () => {
    const stored = storedFileValue({
      key: 'k',
      name: `${'a'.repeat(119)}\uD83D`,
      size: 1,
      type: 'image/png',
      preview: false,
    })
    const name = readStoredFile(stored)?.name ?? ''
    expect(wellFormed(name)).toBe(true)
    expect(
      readStoredFile(storedFileValue({ key: 'k', name: 'x\u202Egnp.exe', size: 1, type: 'a', preview: false }))?.name,
    ).toBe('xgnp.exe')
    for (const raw of ['\uD83D', 'a\uDE00b', '\uDE00\uD83D']) {
      const header = contentDisposition('application/pdf', raw)
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[\x21-\x7e]*$/)
    }
  })
})
