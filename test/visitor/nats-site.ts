// The built service on NATS in development mode, beside a second records
// layer in the test process on the same bus: the test makes the desk moves a
// caseworker would, and Kari (a caseworker) is signed in through the
// development provider to add districts on /staff.
import { afterAll, beforeAll, expect } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startDevServer, type RunningServer } from '../support/server'
import { signInAs } from './dev-sign-in'
import { createCookieFetch, fileThrough, filedId, openPage, type CookieFetch } from './visitor-client'
import { testEffects } from '../records/record-effects'

export interface NatsSite {
  readonly base: string
  readonly bus: Bus
  readonly index: RecordIndex
  readonly records: Records
  readonly kari: CookieFetch
}

const desk = { kind: 'person', subject: 'kari' } as const

export function useNatsSite() {
  let nats: NatsServer | undefined
  let server: RunningServer | undefined
  let world: NatsSite | undefined
  beforeAll(async () => {
    let demo: SiteModel
    ;[nats, demo] = await Promise.all([startNatsServer(), loadDemo()])
    // Development mode signs people in through the development provider, on localhost.
    const dev = await startDevServer({ BUS_URL: nats.url })
    server = dev
    const base = dev.site
    const bus = await createNatsBus({ url: nats.url })
    const index = createRecordIndex(bus, { repairDelayMs: 50 })
    await index.ready
    const records = createRecords({
      bus,
      site: () => demo,
      index,
      waitMs: 5000,
      effects: testEffects(bus, index, base),
    })
    const kari = createCookieFetch()
    await signInAs(kari, base, 'kari', '/staff')
    world = { base, bus, index, records, kari }
  })
  afterAll(async () => {
    world?.index.close()
    await world?.bus.close()
    await server?.stop()
    await nats?.stop()
  })

  const site = (): NatsSite => {
    if (world === undefined) throw new Error('the site has not started')
    return world
  }

  return {
    site,
    desk,
    visitor(storyline = 'plain'): CookieFetch {
      const client = createCookieFetch()
      client.setCookie(site().base, 'svc_story', storyline)
      return client
    },
    /** Takes a desk move as a caseworker would, once the test's index has seen the record. */
    async deskMove(bucket: string, id: string, edge: string): Promise<void> {
      const { index, records } = site()
      const seen = await index.waitFor(bucket, id, 1, 5000)
      if (seen === null) throw new Error(`${bucket}/${id} never reached the test's index`)
      await records.move({ bucket, id, edge, via: 'desk', expectSeq: seen.seq, actor: desk })
    },
    async pageOf(client: CookieFetch, path: string): Promise<string> {
      const { status, html } = await openPage(client, `${site().base}${path}`)
      if (status !== 200) throw new Error(`${path} answered ${status}`)
      return html
    },
    /** A district added on /staff by Kari, as caseworkers add them. */
    async addDistrict(name: string, office = 'office@example.org'): Promise<string> {
      const response = await fileThrough(site().kari, site().base, '/staff', 'districts', {
        name,
        description: `${name} is quiet.`,
        office,
      })
      expect(response.headers.get('location')).toMatch(/^\/staff\?filed=/)
      return filedId(response)
    },
    signInAs: (client: CookieFetch, person: string) => signInAs(client, site().base, person, '/'),
  }
}
