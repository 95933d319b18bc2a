// GET /report counts from the index this instance holds; the visitors per
// storyline come from the bus. With the bus away, the report still answers
// with the record counts and the visitor counts last read, never an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { createCookieFetch, fileThrough } from '../visitor/visitor-client'

let nats: NatsServer
let server: RunningServer
beforeAll(async () => {
  nats = await startNatsServer()
  server = await startServer({ BUS_URL: nats.url })
})
afterAll(async () => {
  await server?.stop()
  await nats?.stop()
})

interface Report {
  readonly counts: { count: number }[]
  readonly visitors: { storyline: string; count: number }[]
}

async function report(): Promise<{ status: number; body: Report }> {
  const response = await fetch(`${server.url}/report?format=json`)
  return { status: response.status, body: (await response.json()) as Report }
}

const records = (body: Report) => body.counts.reduce((sum, entry) => sum + entry.count, 0)

describe('the report while the bus is away', () => {
  it('answers 200 with the record counts and the visitor counts last read, and logs the outage once', async () => {
    const visitor = createCookieFetch()
    for (const street of ['Mill Lane 1', 'Mill Lane 2'])
      expect((await fileThrough(visitor, server.url, '/', 'potholes', { street, kind: 'pothole' })).status).toBe(303)
    await waitFor(async () => records((await report()).body) === 2, 10_000, 'both filings counted')
    const before = (await report()).body

    await nats.down()
    try {
      await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 503, 10_000, 'the bus to be missed')
      for (let n = 0; n < 3; n++) {
        const during = await report()
        expect(during.status).toBe(200)
        expect(records(during.body)).toBe(2)
        expect(during.body.visitors).toEqual(before.visitors)
      }
    } finally {
      await nats.up()
    }
    const warned = server
      .output()
      .split('\n')
      .filter((line) => line.includes('visitor counts could not be read'))
    expect(warned).toHaveLength(1)
  }, 60_000)
})
