// Filing posts are answered in front of the app (server/nitro/fast-filing-plugin.ts),
// without Nitro's middleware chain. Nothing the chain gave them may be lost
// on the way: the rate limit counts and refuses them before their body is
// read, and a path the router would not give the filing route never reaches it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'
import { bucketForm, createCookieFetch, filedId, openPage, postForm } from '../visitor/visitor-client'

let server: RunningServer
beforeAll(async () => {
  // Three requests at once, then one a second.
  server = await startServer({ SVC_RATE_BURST: '3', SVC_RATE_PER_SECOND: '1' })
})
afterAll(() => server?.stop())

const filedPotholes = async (): Promise<number> => {
  const { counts } = (await (await fetch(`${server.url}/report`)).json()) as {
    counts: { bucket: string; count: number }[]
  }
  return counts.filter((c) => c.bucket === 'potholes').reduce((sum, c) => sum + c.count, 0)
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the filing fast path', () => {
  it('Limits: Placement: a filing post is behind the rate limit: over it, 429 with Retry-After and nothing filed', async () => {
    await pause(3_500)
    const before = await filedPotholes()
    const visitor = createCookieFetch()
    const { html } = await openPage(visitor, `${server.url}/`)
    const form = bucketForm(html, server.url, 'potholes')
    const fields = { ...form.hidden, ...form.selected, street: 'Limit Lane 1', kind: 'pothole' }
    // The burst's third request files; the fourth, the same form sent again, is refused before it is read.
    expect(filedId(await postForm(visitor, form.action, fields))).toMatch(/^[A-Za-z0-9_-]+$/)
    const refused = await postForm(visitor, form.action, { ...fields, street: 'Limit Lane 2' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.text()).toMatch(/^Too many requests/)
    await pause(1_200)
    expect(await filedPotholes()).toBe(before + 1)
  })

  it('only a post to /file/<bucket> itself takes it: longer paths, encoded names and other methods are answered as before', async () => {
    await pause(3_500)
    const answer = async (method: string, path: string) => {
      await pause(1_100)
      const response = await fetch(`${server.url}${path}`, {
        method,
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ...(method === 'GET' ? {} : { body: 'street=Somewhere&kind=pothole' }),
      })
      await response.arrayBuffer()
      return response.status
    }
    const before = await filedPotholes()
    expect(await answer('POST', '/file/potholes/extra')).toBe(405)
    expect(await answer('POST', '//file/potholes')).toBe(405)
    expect(await answer('POST', '/file/')).toBe(405)
    expect(await answer('PUT', '/file/potholes')).toBe(405)
    // An escaped path goes to the router, which decodes it as it always did: a post to potholes without its
    // tokens; an escape that decodes to no name is no bucket.
    expect(await answer('POST', '/file/%70otholes')).toBe(400)
    expect(await answer('POST', '/file/%3F')).toBe(405)
    expect(await answer('GET', '/file/potholes')).toBe(302)
    // Without the form's CSRF value and one-time token, nothing files.
    expect(await answer('POST', '/file/potholes')).toBe(400)
    await pause(1_100)
    expect(await filedPotholes()).toBe(before)
  })
})
