// Replays and double submits: a form post sent twice (a double click, a
// retry after a dropped connection, a replay after the bus restarted, a copy
// in someone else's hands) stores what the first one stored, once, and every
// answer leads to that one case. Real parts: the built service on NATS.
import { randomBytes } from 'node:crypto'
import { jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import { RECORDS_STREAM } from '../../server/records/types'
import type { RecordEvent } from '../../server/records/types'
import { escaped } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { sleep, waitFor } from '../bus/wait'
import {
  bucketForm,
  createCookieFetch,
  filedId,
  listItem,
  openPage,
  postForm,
  confirmForm,
  selfMoveButtons,
  type CookieFetch,
  type PostedForm,
} from '../visitor/visitor-client'

interface World {
  base: string
  nats: NatsServer
  bus: Bus
}

/** The built service on its own nats-server; `duplicateWindowMs` pre-creates SVC_RECORDS with that window. */
function useWorld(duplicateWindowMs?: number): () => World {
  let world: World | undefined
  let server: RunningServer | undefined
  beforeAll(async () => {
    const nats = await startNatsServer()
    if (duplicateWindowMs !== undefined) {
      const nc = await connect({ servers: nats.url })
      await (
        await jetstreamManager(nc)
      ).streams.add({ name: RECORDS_STREAM, subjects: ['svc.rec.>'], duplicate_window: duplicateWindowMs * 1_000_000 })
      await nc.close()
    }
    server = await startServer({ BUS_URL: nats.url })
    world = { base: server.url, nats, bus: await createNatsBus({ url: nats.url }) }
  })
  afterAll(async () => {
    await world?.bus.close()
    await server?.stop()
    await world?.nats.stop()
  })
  return () => {
    if (world === undefined) throw new Error('the world has not started')
    return world
  }
}

/** Every event on SVC_RECORDS, read to the end of the stream as it is now. */
async function storedEvents(bus: Bus): Promise<RecordEvent[]> {
  const last = await bus.lastSequence(RECORDS_STREAM)
  const events: RecordEvent[] = []
  let reached = 0
  const stop = await bus.follow(RECORDS_STREAM, 'svc.rec.>', {}, (message) => {
    reached = message.seq
    events.push(decodeJson<RecordEvent>(message.data))
  })
  await waitFor(() => reached >= last, 5000, 'the stream read to its end')
  stop()
  return events
}

async function filingsOf(bus: Bus, street: string): Promise<string[]> {
  return (await storedEvents(bus)).flatMap((event) =>
    event.type === 'filed' && event.fields.street === street ? [event.record] : [],
  )
}

async function movesOf(bus: Bus, id: string): Promise<string[]> {
  return (await storedEvents(bus)).flatMap((event) =>
    event.type === 'moved' && event.record === id ? [event.edge] : [],
  )
}

const unique = (what: string) => `${what} ${randomBytes(4).toString('hex')}`

function visitor(base: string): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(base, 'svc_story', 'plain')
  return client
}

/** The home page's pothole form, filled in: what a browser would post, as often as asked. */
async function filledForm(client: CookieFetch, base: string, street: string) {
  const form = bucketForm((await openPage(client, `${base}/`)).html, base, 'potholes')
  const fields: Record<string, string> = { ...form.hidden, ...form.selected, street, kind: 'pothole' }
  return { action: form.action, fields }
}

/** A visitor's new case and its withdraw button, drawn in `tabs` tabs of /my-reports (each with its own token). */
async function caseWithButtons(base: string, street: string, tabs: number) {
  const client = visitor(base)
  const form = await filledForm(client, base, street)
  const id = filedId(await postForm(client, form.action, form.fields))
  const buttons: PostedForm[] = []
  for (let i = 0; i < tabs; i++) {
    const [withdraw] = selfMoveButtons((await openPage(client, `${base}/my-reports`)).html, base, id)
    if (withdraw === undefined) throw new Error('no withdraw button')
    buttons.push(withdraw)
  }
  return { client, id, buttons }
}

/** The service and the test's own connection, both back on the restarted bus. */
async function readyAgain({ base, bus }: World): Promise<void> {
  await waitFor(
    async () => (await fetch(`${base}/readyz`)).status === 200,
    15_000,
    'the service ready on the restarted bus',
  )
  await waitFor(() => bus.isConnected(), 15_000, "the test's bus reconnected")
}

describe('replayed and repeated posts, within the duplicate window', () => {
  const world = useWorld()

  it('Double submit: one filing form sent twice at once stores one record; both answers lead to it', async () => {
    const { base, bus } = world()
    const client = visitor(base)
    const street = unique('Double Lane')
    const form = await filledForm(client, base, street)
    const answers = await Promise.all([
      postForm(client, form.action, form.fields),
      postForm(client, form.action, form.fields),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([303, 303])
    const [first, second] = answers.map((answer) => answer.headers.get('location'))
    expect(second).toBe(first)
    // Sent once more, later, with the answers changed: still that case, as first stored.
    const again = await postForm(client, form.action, { ...form.fields, street: unique('Other Lane') })
    expect(again.headers.get('location')).toBe(first)
    expect(await filingsOf(bus, street)).toEqual([filedId(answers[0])])
    const mine = await openPage(client, `${base}/my-reports`)
    expect(listItem(mine.html, street)).toBeDefined()
  })

  it('A filing replayed after NATS restarted stores nothing new and leads to the same case', async () => {
    const { base, bus, nats } = world()
    const client = visitor(base)
    const street = unique('Restart Lane')
    const form = await filledForm(client, base, street)
    const first = await postForm(client, form.action, form.fields)
    expect(first.status).toBe(303)
    await nats.restart()
    await readyAgain(world())
    const replayed = await postForm(client, form.action, form.fields)
    expect(replayed.status).toBe(303)
    expect(replayed.headers.get('location')).toBe(first.headers.get('location'))
    expect(await filingsOf(bus, street)).toEqual([filedId(first)])
  })

  it(
    "A filing token copied into another visitor's post files their own record, never lands on the first " +
      "visitor's case",
    async () => {
      const { base, bus } = world()
      const owner = visitor(base)
      const street = unique('Copied Lane')
      const form = await filledForm(owner, base, street)
      const ownerCase = filedId(await postForm(owner, form.action, form.fields))
      const other = visitor(base)
      const theirForm = await filledForm(other, base, street)
      // Their own session and CSRF token, the owner's one-time token.
      const theirs = await postForm(other, theirForm.action, {
        ...theirForm.fields,
        svc_submission: form.fields.svc_submission ?? '',
      })
      expect(theirs.status).toBe(303)
      expect(filedId(theirs)).not.toBe(ownerCase)
      expect((await filingsOf(bus, street)).sort()).toEqual([ownerCase, filedId(theirs)].sort())
      expect(listItem((await openPage(other, `${base}/my-reports`)).html, street)).toBeDefined()
    },
  )

  it('refuses a filing with no one-time token, or a forged one, as an expired form, and stores nothing', async () => {
    const { base, bus } = world()
    const client = visitor(base)
    const street = unique('Tokenless Lane')
    const { svc_submission: _token, ...withoutToken } = (await filledForm(client, base, street)).fields
    const action = new URL('/file/potholes', base)
    for (const fields of [
      withoutToken,
      { ...withoutToken, svc_submission: 'short' },
      { ...withoutToken, svc_submission: `${'a'.repeat(21)}.` },
    ]) {
      const refused = await postForm(client, action, fields)
      expect(refused.status).toBe(403)
      expect(await refused.text()).toContain('This form has expired')
    }
    expect(await filingsOf(bus, street)).toEqual([])
  })

  it('Self transition sent twice: the same button moves the case once; both answers are the same success', async () => {
    const { base, bus } = world()
    const street = unique('Withdraw Twice Lane')
    const {
      client,
      id,
      buttons: [withdraw],
    } = await caseWithButtons(base, street, 1)
    if (withdraw === undefined) throw new Error('no withdraw button')
    // Withdrawing closes the case, so the button asks again; the answer yes is what is sent twice.
    const confirm = confirmForm(await (await postForm(client, withdraw.action, withdraw.hidden)).text(), base)
    const answers = await Promise.all([
      postForm(client, confirm.action, confirm.hidden),
      postForm(client, confirm.action, confirm.hidden),
    ])
    expect(answers.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [303, `/my-reports?moved=${id}`],
      [303, `/my-reports?moved=${id}`],
    ])
    // Replayed once the case shows it moved: still that move, not a second.
    const replayed = await postForm(client, confirm.action, confirm.hidden)
    expect([replayed.status, replayed.headers.get('location')]).toEqual([303, `/my-reports?moved=${id}`])
    expect(await movesOf(bus, id)).toEqual(['withdraw'])
    expect(listItem((await openPage(client, `${base}/my-reports`)).html, street)).toContain(
      '<span class="record-state">Withdrawn</span>',
    )
  })

  it('a self-move button drawn in another tab before the case moved answers "this case was just changed"', async () => {
    const { base, bus } = world()
    const {
      client,
      id,
      buttons: [firstTab, secondTab],
    } = await caseWithButtons(base, unique('Two Tabs Lane'), 2)
    if (firstTab === undefined || secondTab === undefined) throw new Error('no withdraw button')
    expect(secondTab.hidden.svc_seq).toBe(firstTab.hidden.svc_seq)
    const yes = confirmForm(await (await postForm(client, firstTab.action, firstTab.hidden)).text(), base)
    expect((await postForm(client, yes.action, yes.hidden)).status).toBe(303)
    const stale = await postForm(client, secondTab.action, secondTab.hidden)
    expect(stale.status).toBe(409)
    expect(await stale.text()).toContain('This case was just changed')
    expect(await movesOf(bus, id)).toEqual(['withdraw'])
  })
})

describe('replayed posts, after the duplicate window', () => {
  // The bus forgets a msgId after this; only the stored record can answer.
  const windowMs = 100
  const world = useWorld(windowMs)

  it(
    'A filing replayed after NATS restarted and after the duplicate window stores nothing new and leads to the ' +
      'same case',
    async () => {
      const { base, bus, nats } = world()
      const client = visitor(base)
      const street = unique('Late Lane')
      const form = await filledForm(client, base, street)
      const first = await postForm(client, form.action, form.fields)
      const sent = Date.now()
      expect(first.status).toBe(303)
      await nats.restart()
      await readyAgain(world())
      await sleep(Math.max(0, sent + 3 * windowMs - Date.now()))
      const replayed = await postForm(client, form.action, form.fields)
      expect([replayed.status, replayed.headers.get('location')]).toEqual([303, first.headers.get('location')])
      expect(await filingsOf(bus, street)).toEqual([filedId(first)])
      const page = await openPage(client, `${base}${replayed.headers.get('location')}`)
      expect(page.html).toContain('role="status"')
      expect(listItem((await openPage(client, `${base}/my-reports`)).html, street)).toContain(escaped(street))
    },
  )

  it(
    "a self move replayed after the duplicate window lands on its stored move; another tab's button is still " +
      'refused',
    async () => {
      const { base, bus } = world()
      const {
        client,
        id,
        buttons: [withdraw, otherTab],
      } = await caseWithButtons(base, unique('Late Withdraw Lane'), 2)
      if (withdraw === undefined || otherTab === undefined) throw new Error('no withdraw button')
      // Withdrawing asks again; the answer yes is the post a replay sends again.
      const yes = confirmForm(await (await postForm(client, withdraw.action, withdraw.hidden)).text(), base)
      const first = await postForm(client, yes.action, yes.hidden)
      const sent = Date.now()
      expect(first.status).toBe(303)
      await sleep(Math.max(0, sent + 3 * windowMs - Date.now()))
      const replayed = await postForm(client, yes.action, yes.hidden)
      expect([replayed.status, replayed.headers.get('location')]).toEqual([303, first.headers.get('location')])
      expect((await postForm(client, otherTab.action, otherTab.hidden)).status).toBe(409)
      expect(await movesOf(bus, id)).toEqual(['withdraw'])
    },
  )
})
