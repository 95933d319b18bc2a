// Access questions answered by the running service on a real nats-server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { startNatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'

let nats: Awaited<ReturnType<typeof startNatsServer>>
let server: RunningServer
let client: Bus
beforeAll(async () => {
  nats = await startNatsServer()
  server = await startServer({ BUS_URL: nats.url })
  client = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await client?.close()
  await server?.stop()
  await nats?.stop()
})

async function ask(question: object): Promise<Record<string, unknown>> {
  // The responder comes up with the content; allow it a moment after start.
  for (let i = 0; ; i++) {
    try {
      return decodeJson(await client.request('svc.access.ask', question, { timeoutMs: 1000 }))
    } catch (error) {
      if (i > 20) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

describe('svc.access.ask on NATS', () => {
  it('answers allow/deny with the deciding policies', async () => {
    const allow = await ask({
      principal: { subject: 'u1', groups: ['road_crew'] },
      action: 'read',
      resource: { type: 'Bucket', id: 'districts' },
    })
    expect(allow).toEqual({ decision: 'allow', policies: ['policy/extra.cedar#1'] })
    const deny = await ask({
      principal: { subject: 'u1', groups: ['volunteers'] },
      action: 'read',
      resource: { type: 'Bucket', id: 'districts' },
    })
    expect(deny).toEqual({ decision: 'deny', policies: [] })
    expect(
      await ask({ principal: { subject: 'u1' }, action: 'fly', resource: { type: 'Bucket', id: 'x' } }),
    ).toHaveProperty('error')
  })
})
