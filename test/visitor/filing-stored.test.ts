// A filing is answered by what was stored: once SVC_RECORDS has acknowledged
// the filing, the visitor gets the thanks whatever its side effects did. Here
// the KV projection cannot be written at all, for real: the operator made the
// svc_records bucket too small for any record before the service started.
import { jetstream } from '@nats-io/jetstream'
import { Kvm } from '@nats-io/kv'
import { connect } from '@nats-io/transport-node'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeKvKey } from '../../server/bus/kv-driver'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { RECORDS_KV } from '../../server/records/types'
import { escaped, loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { createCookieFetch, fileThrough, filedId, listItem, openPage } from './visitor-client'

let nats: NatsServer
let server: RunningServer
let bus: Bus
let site: SiteModel
beforeAll(async () => {
  ;[nats, site] = await Promise.all([startNatsServer(), loadDemo()])
  const nc = await connect({ servers: nats.url })
  await new Kvm(jetstream(nc)).create(RECORDS_KV, { maxValueSize: 64 })
  await nc.close()
  server = await startServer({ BUS_URL: nats.url })
  bus = await createNatsBus({ url: nats.url })
})
afterAll(async () => {
  await bus?.close()
  await server?.stop()
  await nats?.stop()
})

function failuresLogged(id: string): unknown[] {
  return server
    .output()
    .split('\n')
    .flatMap((line) => {
      let entry: { message?: string; record?: string }
      try {
        entry = JSON.parse(line) as typeof entry
      } catch {
        return [] // not a log line, or one still being written
      }
      return entry.record === id && entry.message?.includes('side effect(s) failed') ? [entry] : []
    })
}

describe('a filing whose side effect fails', () => {
  it(
    'A filing is answered by what was stored: with the projection unwritable, the visitor gets the thanks and ' +
      'sees the case',
    async () => {
      const client = createCookieFetch()
      client.setCookie(server.url, 'svc_story', 'plain')
      const street = `Unwritten Lane ${randomBytes(4).toString('hex')}`
      const response = await fileThrough(client, server.url, '/', 'potholes', { street, kind: 'pothole' })
      expect(response.status).toBe(303)
      const id = filedId(response)
      // The projection really is not there.
      expect(await (await bus.kv(RECORDS_KV)).get(encodeKvKey(`potholes:${id}`))).toBeNull()

      const thanks = await openPage(client, `${server.url}${response.headers.get('location')}`)
      const bold = /\*\*(.+?)\*\*/.exec(site.buckets.get('potholes')?.thanks?.[0] ?? '')?.[1] ?? 'no thanks text'
      expect(thanks.html).toContain(`<strong>${escaped(bold)}</strong>`)
      const mine = await openPage(client, `${server.url}/my-reports`)
      expect(listItem(mine.html, street)).toContain('Received')
      // Logged once, as one structured line.
      await expect.poll(() => failuresLogged(id)).toHaveLength(1)
      expect(failuresLogged(id)[0]).toMatchObject({
        level: 'error',
        area: 'records',
        bucket: 'potholes',
        failures: [expect.stringMatching(/^projection: /)],
      })
    },
  )
})
