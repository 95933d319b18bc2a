// A filing the bus cannot store (two of three nodes lost: no leader for
// longer than the retries wait) is answered 503 with the form and its
// answers, never 500; filing works again once the nodes are back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startNatsCluster } from '../support/nats-cluster'
import type { NatsCluster } from '../support/nats-cluster'
import { startServer, type RunningServer } from '../support/server'
import { createCookieFetch, fileThrough } from '../visitor/visitor-client'

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
    const refused = await file('Mill Lane kept')
    expect(refused.status).toBe(503)
    const page = await refused.text()
    expect(page).toContain('could not be stored just now')
    expect(page).toContain('Mill Lane kept')

    await Promise.all([a?.start(), b?.start()])
    await cluster.ready()
    await expect.poll(async () => (await file('Mill Lane kept')).status, { timeout: 20_000, interval: 500 }).toBe(303)
    expect(server.output()).not.toMatch(/"level":"error".*500/)
  }, 90_000)
})
