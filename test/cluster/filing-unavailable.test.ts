// A filing the bus cannot store (two of three nodes lost: no leader for
// longer than the retries wait) is answered 503 with the form and its
// answers and the post's own one-time token, never 500; filing works again
// once the nodes are back, and the form sent again is the same filing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNatsCluster } from '../support/nats-cluster'
import type { NatsCluster } from '../support/nats-cluster'
import { startServer, type RunningServer } from '../support/server'
import { bucketForm, createCookieFetch, filedId, fileThrough, openPage, postForm } from '../visitor/visitor-client'

let cluster: NatsCluster
let server: RunningServer
beforeAll(async () => {
  cluster = await startNatsCluster({ size: 3 })
  server = await startServer({ BUS_URL: cluster.urls, BUS_REPLICAS: '3' })
})
afterAll(async () => {
  await server.stop()
  await cluster.stop()
})

describe('a filing that cannot be stored', () => {
  it('gets a 503 page with the answers kept, and filing works again when the cluster is back', async () => {
    const visitor = createCookieFetch()
    const file = (street: string) => fileThrough(visitor, server.url, '/', 'potholes', { street, kind: 'pothole' })
    expect((await file('Mill Lane 1')).status).toBe(303)

    const [a, b] = cluster.nodes
    await Promise.all([a?.kill(), b?.kill()])
    const shown = bucketForm((await openPage(visitor, `${server.url}/`)).html, server.url, 'potholes')
    const posted: Record<string, string> = {
      ...shown.hidden,
      ...shown.selected,
      street: 'Mill Lane kept',
      kind: 'pothole',
    }
    const refused = await postForm(visitor, shown.action, posted)
    expect(refused.status).toBe(503)
    const page = await refused.text()
    expect(page).toContain('could not be stored just now')
    expect(page).toContain('Mill Lane kept')
    // The post may have been stored without an answer: the form comes back with its one-time token.
    const again = bucketForm(page, server.url, 'potholes')
    expect(again.hidden.svc_submission).toBe(posted.svc_submission)

    await Promise.all([a?.start(), b?.start()])
    await cluster.ready()
    // The browser resending the refused post, then the person pressing Send on the form it came back with: one filing.
    let resent: Response | undefined
    await expect
      .poll(async () => (resent = await postForm(visitor, shown.action, posted)).status, {
        timeout: 20_000,
        interval: 500,
      })
      .toBe(303)
    const pressed = await postForm(visitor, again.action, {
      ...again.hidden,
      ...again.selected,
      street: 'Mill Lane kept',
      kind: 'pothole',
    })
    expect(pressed.status).toBe(303)
    expect(filedId(pressed)).toBe(filedId(resent as Response))
    expect((await file('Mill Lane new')).status).toBe(303)
    expect(server.output()).not.toMatch(/"level":"error".*500/)
  }, 90_000)
})
