// The development outbox shows mail people were sent: it must not exist in
// production, and it opens only the files it lists (no path from a request).
import { afterAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../support/raw-http'
import { startDevServer, startServer, type RunningServer } from '../support/server'

const servers: RunningServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
})

describe('Security: /dev/outbox', () => {
  it('answers 404 in production, for the list and for a mail', async () => {
    const server = await startServer()
    servers.push(server)
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404)
    expect((await fetch(`${server.url}/dev/outbox/x.eml`)).status).toBe(404)
  })

  it('in development, a name that is not a listed mail is 404, traversal spellings included', async () => {
    const server = await startDevServer()
    servers.push(server)
    for (const path of [
      '/dev/outbox/..%2F..%2F..%2Fetc%2Fpasswd',
      '/dev/outbox/..%2Foutbox%2Fx.eml',
      '/dev/outbox/%2Fetc%2Fpasswd',
      '/dev/outbox/nothing-here.eml',
      '/dev/outbox/.env',
    ]) {
      const answer = await rawRequest(server.url, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).not.toContain('root:')
    }
  })
})
