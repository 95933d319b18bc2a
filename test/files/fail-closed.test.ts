// SPEC 7 rule 2: without the object store settings a file field fails
// closed in production: the input is disabled, a posted file is refused with
// a message beside it, and there is no attachment to fetch. Half the settings
// stop the service at start, naming what is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readPage } from '../desk/page'
import { createCookieFetch } from '../auth/cookie-fetch'
import { runServerToExit, startServer, type RunningServer } from '../support/server'
import { filedId } from '../visitor/visitor-client'
import { fileWithFiles, jpeg } from './upload-client'
import { startDevSite } from '../security/dev-site'
import { startS3Server } from '../support/s3-server'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ SVC_MODE: 'production' })
})
afterAll(() => server?.stop())

describe('SPEC 7 rule 2: when the object store variables are unset, a type: file field fails closed', () => {
  it('the input is disabled, a posted file is refused beside its field, and nothing is attached', async () => {
    const visitor = createCookieFetch()
    const home = readPage(await (await visitor(`${server.url}/`)).text())
    expect(home.one('#f-potholes-photo').attributes.disabled).toBeDefined()
    const refused = await fileWithFiles(visitor, server.url, { street: 'Closed Road', kind: 'pothole' }, [
      { name: 'photo', bytes: await jpeg(64, 64), filename: 'p.jpg' },
    ])
    expect(refused.status).toBe(422)
    expect(readPage(await refused.text()).text('#f-potholes-photo-error')).toContain(
      'Uploads are not available on this site right now',
    )
    const filed = await fileWithFiles(visitor, server.url, { street: 'Closed Road', kind: 'pothole' }, [])
    expect((await visitor(`${server.url}/attachment/potholes/${filedId(filed)}/photo`)).status).toBe(404)
  })

  it('some but not all STORE_* settings: the service does not start and says which are missing', async () => {
    const { code, output } = await runServerToExit({
      SVC_MODE: 'production',
      STORE_S3_ENDPOINT: 'http://127.0.0.1:9',
      STORE_ACCESS_KEY: 'key-that-must-not-be-printed',
    })
    expect(code).toBe(1)
    expect(output).toContain('STORE_SECRET_KEY, STORE_UPLOADS_BUCKET not set')
    expect(output).not.toContain('key-that-must-not-be-printed')
  })
})

describe('the object store down while a file arrives', () => {
  it('the filing is refused with a clear page and nothing is filed', async () => {
    const s3 = await startS3Server()
    const site = await startDevSite({}, { ...s3.env })
    try {
      await s3.stop()
      const visitor = site.visitor()
      const refused = await fileWithFiles(visitor, site.base, { street: 'Store Down Street', kind: 'pothole' }, [
        { name: 'photo', bytes: await jpeg(64, 64), filename: 'p.jpg' },
      ])
      expect(refused.status).toBe(503)
      expect(readPage(await refused.text()).text('h1')).toBe('Your file could not be kept just now')
      const desk = await (await (await site.as('kari'))(`${site.base}/desk/caseworkers`)).text()
      expect(desk).not.toContain('Store Down Street')
    } finally {
      await site.stop()
    }
  })
})
