// Webhook replay: an attacker who has seen one signed push delivery sends it
// again, to the same instance or another, as it was or under a new delivery
// id. Two instances share one NATS server; what they ask of the bus
// (svc.content.changed) is what the attacker would make every instance do.
import { createHmac, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { CONTENT_CHANGED, type ContentChanged } from '../../server/content/bus-messages'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'

const SECRET = 'replay-test-secret'

let nats: NatsServer
let one: RunningServer
let two: RunningServer
let bus: Bus
const asked: ContentChanged[] = []

beforeAll(async () => {
  nats = await startNatsServer()
  const env = { BUS_URL: nats.url, CONTENT_WEBHOOK_SECRET: SECRET }
  ;[one, two] = await Promise.all([startServer(env), startServer(env)])
  bus = await createNatsBus({ url: nats.url })
  await bus.subscribe(CONTENT_CHANGED, ({ data }) => {
    asked.push(decodeJson<ContentChanged>(data))
  })
})
afterAll(async () => {
  await bus?.close()
  await Promise.all([one?.stop(), two?.stop()])
  await nats?.stop()
})

interface Delivery {
  readonly body: string
  readonly headers: Record<string, string>
}

/** A push to main, signed with the secret, as the git host sends it. */
function push(revision: string, delivery: string | null = randomUUID()): Delivery {
  const body = JSON.stringify({ ref: 'refs/heads/main', after: revision })
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-github-event': 'push',
    'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
  }
  if (delivery !== null) headers['x-github-delivery'] = delivery
  return { body, headers }
}

async function send(server: RunningServer, { body, headers }: Delivery): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${server.url}/hooks/content`, { method: 'POST', body, headers })
  return { status: res.status, json: await res.json() }
}

const asksFor = (revision: string) => asked.filter((m) => m.revision === revision).length

/**
 * A fresh push through each instance, waited for on the bus. An instance's
 * messages arrive in the order it sent them, so once its fresh one is here,
 * anything an earlier replay made it send is here too.
 */
async function settle(): Promise<void> {
  const marks = [one, two].map(() => `settle-${randomUUID()}`)
  for (const [i, server] of [one, two].entries())
    expect((await send(server, push(marks[i] ?? ''))).json).toEqual({ ok: true, reload: true })
  await waitFor(() => marks.every((mark) => asksFor(mark) === 1), 10_000, 'the settling pushes on the bus')
}

const REPLAYED = { ok: true, ignored: 'delivery already handled' }

describe('webhook replay', () => {
  it(
    'issue #8: a replayed delivery reloads nothing, sent again to the same instance, to another, or under a ' +
      'new delivery id',
    async () => {
      const revision = `rev-${randomUUID()}`
      const original = push(revision)
      expect(await send(one, original)).toEqual({ status: 202, json: { ok: true, reload: true } })
      await waitFor(() => asksFor(revision) === 1, 10_000, 'the first delivery on the bus')

      expect(await send(one, original)).toEqual({ status: 202, json: REPLAYED })
      expect(await send(two, original)).toEqual({ status: 202, json: REPLAYED })
      // The signature covers the body only: a new delivery id makes no new delivery.
      expect(
        await send(two, { ...original, headers: { ...original.headers, 'x-github-delivery': randomUUID() } }),
      ).toEqual({ status: 202, json: REPLAYED })
      await settle()
      expect(asksFor(revision)).toBe(1)
      expect(two.output()).toContain('webhook delivery already handled, not reloading')
    },
  )

  it('two copies arriving at once on two instances: exactly one reloads', async () => {
    const revision = `rev-${randomUUID()}`
    const copy = push(revision)
    const answers = await Promise.all([send(one, copy), send(two, copy), send(one, copy), send(two, copy)])
    expect(answers.every((a) => a.status === 202)).toBe(true)
    expect(answers.filter((a) => JSON.stringify(a.json) === JSON.stringify({ ok: true, reload: true }))).toHaveLength(1)
    expect(answers.filter((a) => JSON.stringify(a.json) === JSON.stringify(REPLAYED))).toHaveLength(3)
    await settle()
    expect(asksFor(revision)).toBe(1)
  })

  it('refuses a push without a delivery id, or with one that is not an id, with 400, and reloads nothing', async () => {
    const revision = `rev-${randomUUID()}`
    for (const delivery of [null, '', '../../etc', 'a'.repeat(101), 'id with spaces', 'id;drop']) {
      const answer = await send(one, push(revision, delivery))
      expect(answer.status, String(delivery)).toBe(400)
      expect(answer.json, String(delivery)).toEqual({ statusCode: 400, statusMessage: 'Delivery id missing' })
    }
    await settle()
    expect(asksFor(revision)).toBe(0)
  })
})
