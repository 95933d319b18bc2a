// Performance issue, rule 1: "An anonymous GET writes nothing": a visitor who
// only reads costs the bus no session, no KV write and no stream write,
// whatever page it is, forms included.
import { connect } from '@nats-io/transport-node'
import { jetstreamManager } from '@nats-io/jetstream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startDevSite, type DevSite } from '../security/dev-site'
import { bucketForm, fileThrough, filedId, openPage, postForm } from '../visitor/visitor-client'

const VISITOR_COUNTS = 'KV_svc_storyline_visitors'

let nats: NatsServer
let site: DevSite

beforeAll(async () => {
  nats = await startNatsServer()
  site = await startDevSite({}, { BUS_URL: nats.url })
})

afterAll(async () => {
  await site?.stop()
  await nats?.stop()
})

/** Every stream on the server (KV buckets are streams too) with what it holds. */
async function busState(): Promise<Record<string, { messages: number; bytes: number; lastSeq: number }>> {
  const connection = await connect({ servers: nats.url })
  try {
    const jsm = await jetstreamManager(connection)
    const state: Record<string, { messages: number; bytes: number; lastSeq: number }> = {}
    for await (const info of jsm.streams.list()) {
      state[info.config.name] = { messages: info.state.messages, bytes: info.state.bytes, lastSeq: info.state.last_seq }
    }
    return state
  } finally {
    await connection.close()
  }
}

describe('an anonymous GET writes nothing', () => {
  it('a new visitor browsing every page of the demo site leaves every stream and KV bucket as it was', async () => {
    // Something to show on record pages and lists: a district (staff) and a report (another visitor).
    const kari = await site.as('kari')
    const staff = await openPage(kari, `${site.base}/staff`)
    const form = bucketForm(staff.html, site.base, 'districts')
    const added = await postForm(kari, form.action, { ...form.hidden, name: 'Quiet Hill' })
    expect(added.status).toBe(303)
    const districtId = filedId(added)
    const filed = await fileThrough(site.visitor(), site.base, '/', 'potholes', {
      street: 'Read Lane 1',
      kind: 'pothole',
    })
    expect(filed.status).toBe(303)

    const demo = await loadDemo()
    const paths = demo.pages.map((page) => page.path.replace(':id', districtId))
    paths.push('/districts/AAAAAAAAAAAAAAAA', '/report', '/desk', '/no-such-page', '/site/street.svg', '/auth/me')
    const before = await busState()
    expect(Object.keys(before)).toContain('KV_svc_sessions')

    const reader = site.visitor()
    const seen: Record<string, number> = {}
    for (const path of paths) {
      // Twice: the second view of a page comes from the page cache.
      for (let view = 0; view < 2; view++) seen[path] = (await openPage(reader, `${site.base}${path}`)).status
    }
    expect(seen['/']).toBe(200)
    expect(seen[`/districts/${districtId}`]).toBe(200)
    expect(seen['/staff']).toBe(403)

    // Visitors are counted in memory and stored by a timer every 10 s, not by any request
    // (docs/report.md): all that bucket may gain meanwhile is a total per storyline.
    const { [VISITOR_COUNTS]: counted, ...after } = await busState()
    const { [VISITOR_COUNTS]: counting, ...rest } = before
    expect(after).toEqual(rest)
    expect(counting).toBeDefined()
    expect(counted!.messages).toBeLessThanOrEqual(demo.storylines.length)
    // The reader holds a storyline and a visitor cookie (the forms' CSRF), never a session.
    expect(reader.cookie(site.base, 'svc_visitor')).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(reader.cookie(site.base, 'svc_session')).toBeUndefined()
  })
})
