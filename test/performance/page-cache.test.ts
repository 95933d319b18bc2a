// Performance issue, rule 2: "Pages from a cache", with exact invalidation: a
// filing or a move shows on the next page view on every instance, though
// both had the page cached, and a repeat view of an unchanged page is a 304.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import { waitFor } from '../bus/wait'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { bucketForm, createCookieFetch, openPage } from '../visitor/visitor-client'
import { testEffects } from '../records/record-effects'

let nats: NatsServer
let instances: RunningServer[]
let bus: Bus
let index: RecordIndex
let records: Records

const kari = { kind: 'person', subject: 'kari' } as const

beforeAll(async () => {
  const demo = await loadDemo()
  nats = await startNatsServer()
  instances = await Promise.all([startServer({ BUS_URL: nats.url }), startServer({ BUS_URL: nats.url })])
  // A third party on the same bus files and moves, as another instance's visitors and desks would.
  bus = await createNatsBus({ url: nats.url })
  index = createRecordIndex(bus, { repairDelayMs: 50 })
  await index.ready
  records = createRecords({
    bus,
    site: () => demo,
    index,
    waitMs: 5000,
    effects: testEffects(bus, index, 'http://localhost'),
  })
})

afterAll(async () => {
  index?.close()
  await bus?.close()
  await Promise.all((instances ?? []).map((server) => server.stop()))
  await nats?.stop()
})

const page = async (server: RunningServer, path: string) =>
  (await fetch(`${server.url}${path}`, { headers: { cookie: 'svc_story=plain' } })).text()

/** Polls every instance until `check` holds for its page; a stale cache never gets there. */
async function onEveryInstance(path: string, check: (html: string) => boolean): Promise<void> {
  for (const server of instances) {
    await waitFor(async () => check(await page(server, path)), 5000, `${server.url}${path} to show the change`)
  }
}

describe('pages from a cache', () => {
  it('a filing and a move show on the next view on both instances, though both had the page cached', async () => {
    for (const server of instances) {
      for (let view = 0; view < 2; view++) expect(await page(server, '/districts')).not.toContain('Cache Hill')
    }
    const filed = await records.file({
      bucket: 'districts',
      storyline: 'plain',
      fields: { name: 'Cache Hill', description: 'Quiet.' },
      submitter: 'kari',
      actor: kari,
    })
    await onEveryInstance('/districts', (html) => html.includes('Cache Hill'))
    // Cached again with the district in it; retiring takes it off the public list.
    for (const server of instances) expect(await page(server, '/districts')).toContain('Cache Hill')
    await records.move({
      bucket: 'districts',
      id: filed.id,
      edge: 'retire',
      via: 'desk',
      expectSeq: filed.seq,
      actor: kari,
    })
    await onEveryInstance('/districts', (html) => !html.includes('Cache Hill'))
  })

  it('a form page served from the cache carries the visitor token and a fresh submission token per view', async () => {
    const [one] = instances
    if (one === undefined) throw new Error('no instance')
    const tokens = async (cookie: string) => {
      const html = await (await fetch(`${one.url}/`, { headers: { cookie } })).text()
      return {
        csrf: /name="svc_csrf" value="([^"]+)"/.exec(html)?.[1],
        submission: /name="svc_submission" value="([^"]+)"/.exec(html)?.[1],
      }
    }
    const a = await tokens('svc_story=plain; svc_visitor=AAAAAAAAAAAAAAAAAAAAAA')
    const again = await tokens('svc_story=plain; svc_visitor=AAAAAAAAAAAAAAAAAAAAAA')
    const b = await tokens('svc_story=plain; svc_visitor=BBBBBBBBBBBBBBBBBBBBBB')
    expect(a.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(again.csrf).toBe(a.csrf)
    expect(b.csrf).not.toBe(a.csrf)
    expect(new Set([a.submission, again.submission, b.submission]).size).toBe(3)
  })

  it('a form drawn by one instance files on the other: the instances share the key of the visitor token', async () => {
    const [one, two] = instances
    if (one === undefined || two === undefined) throw new Error('no instances')
    const visitor = createCookieFetch()
    visitor.setCookie(one.url, 'svc_story', 'plain')
    const form = bucketForm((await openPage(visitor, `${one.url}/`)).html, one.url, 'potholes')
    const cookie = `svc_story=plain; svc_visitor=${visitor.cookie(one.url, 'svc_visitor')}`
    const response = await fetch(`${two.url}/file/potholes`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form.hidden, street: 'Across Road 2', kind: 'crack' }).toString(),
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toMatch(/^\/\?filed=/)
  })

  it('a repeat view of an unchanged page answers 304 to its ETag, a changed one 200', async () => {
    const [one] = instances
    if (one === undefined) throw new Error('no instance')
    const first = await fetch(`${one.url}/about`, { headers: { cookie: 'svc_story=plain' } })
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/".+"$/)
    const repeat = await fetch(`${one.url}/about`, {
      headers: { cookie: 'svc_story=plain', 'if-none-match': etag ?? '' },
    })
    expect(repeat.status).toBe(304)
    expect(await repeat.text()).toBe('')
    const otherStory = await fetch(`${one.url}/about`, {
      headers: { cookie: 'svc_story=story', 'if-none-match': etag ?? '' },
    })
    expect(otherStory.status).toBe(200)
  })
})
