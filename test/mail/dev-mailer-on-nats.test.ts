// Issue 28: in development on NATS without SMTP_URL the service runs the
// mailer inside itself, as on the embedded bus, to the outbox; it says so at start.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startDevServer, type RunningServer } from '../support/server'
import { createCookieFetch, fileThrough } from '../visitor/visitor-client'

let nats: NatsServer
let service: RunningServer & { readonly site: string }
const dataDir = mkdtempSync(join(tmpdir(), 'svc-dev-mail-'))

beforeAll(async () => {
  nats = await startNatsServer()
  service = await startDevServer({ BUS_URL: nats.url }, { dataDir })
})
afterAll(async () => {
  await service?.stop()
  await nats?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const outbox = () => {
  try {
    return readdirSync(join(dataDir, 'outbox'))
  } catch {
    return []
  }
}

describe('the development service on NATS without SMTP_URL', () => {
  it('says at start that the mailer runs in it, and a receipt reaches the outbox', async () => {
    const line = service
      .output()
      .split('\n')
      .find((text) => text.includes('"area":"start"'))
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      unit: 'service',
      mail: `on: the mailer runs in this process, to the outbox in ${dataDir}/outbox (SMTP_URL is not set)`,
    })
    const before = outbox().length
    const response = await fileThrough(createCookieFetch(), service.url, '/', 'potholes', {
      street: 'Outbox Lane 1',
      kind: 'pothole',
      email: 'ann@example.org',
    })
    expect(response.status).toBe(303)
    await waitFor(() => outbox().length > before, 15_000, 'the receipt in the outbox')
  })
})
