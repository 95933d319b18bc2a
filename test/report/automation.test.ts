// SPEC 1.6 / 4 / 5.8: the automation key-value read endpoint, guarded by
// AUTOMATION_READ_TOKEN, on the built service over NATS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RecordView } from '../../server/records/types'
import type { RunningServer } from '../support/server'
import { fileRecord, moveRecord, startReportWorld, type ReportWorld } from './report-world'

const TOKEN = 'automation-read-token-0123456789'

let world: ReportWorld
let off: RunningServer
let record: RecordView
beforeAll(async () => {
  world = await startReportWorld({ AUTOMATION_READ_TOKEN: TOKEN })
  ;[off, record] = await Promise.all([
    world.startService({ AUTOMATION_READ_TOKEN: undefined }),
    fileRecord(world.records, 'potholes', 'story', { street: 'Quay 9', kind: 'crack' }).then((filed) =>
      moveRecord(world.records, filed, 'accept'),
    ),
  ])
})
afterAll(() => world?.stop())

const read = (base: string, path: string, authorization?: string) =>
  fetch(`${base}/automation/kv/${path}`, { headers: authorization === undefined ? {} : { authorization } })

describe('Endpoints: the automation key-value read endpoint, GET /automation/kv/{bucket}/{key}', () => {
  it("the right token reads the record's projection as stored in svc_records", async () => {
    const response = await read(world.server.url, `potholes/${record.id}`, `Bearer ${TOKEN}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { record: RecordView; history: { type: string; to: string }[] }
    expect(body).toEqual({
      record: await world.records.get('potholes', record.id),
      history: await world.records.history('potholes', record.id),
    })
    expect(body.record).toMatchObject({ id: record.id, bucket: 'potholes', storyline: 'story', state: 'accepted' })
    expect(body.history.map((entry) => entry.to)).toEqual(['new', 'accepted'])
  })

  it(
    'Authentication 8: the automation read endpoint needs AUTOMATION_READ_TOKEN; a wrong token, one of another ' +
      'length, or none at all: 401 with WWW-Authenticate: Bearer',
    async () => {
      const sameLength = TOKEN.replace(/.$/, (c) => (c === 'x' ? 'y' : 'x'))
      for (const authorization of [
        `Bearer ${sameLength}`,
        'Bearer short',
        `Bearer ${TOKEN}-longer`,
        `Basic ${TOKEN}`,
        TOKEN,
        undefined,
      ]) {
        const response = await read(world.server.url, `potholes/${record.id}`, authorization)
        expect(response.status, String(authorization)).toBe(401)
        expect(response.headers.get('www-authenticate')).toBe('Bearer')
        expect(await response.text()).not.toContain('Quay 9')
      }
      // Checked before the path, so a caller without the token learns nothing about buckets.
      expect((await read(world.server.url, 'nope/abc', 'Bearer wrong')).status).toBe(401)
    },
  )

  it('an unknown key, a bucket that is not a content bucket, or a key that is no record id: 404', async () => {
    const paths = [
      'potholes/AAAAAAAAAAAAAAAAAAAAAA',
      `districts/${record.id}`,
      `nope/${record.id}`,
      `svc_memberships/${record.id}`,
      `potholes/${record.id}.x`,
      `potholes/${record.id}%3Ax`,
    ]
    for (const path of paths) {
      const response = await read(world.server.url, path, `Bearer ${TOKEN}`)
      expect(response.status, path).toBe(404)
      expect(await response.text()).not.toContain('Quay 9')
    }
  })

  it(
    'Runtime configuration: AUTOMATION_READ_TOKEN: without it the endpoint is off: a 404 like any unknown ' +
      'path, whatever is sent',
    async () => {
      const unknown = await fetch(`${off.url}/automation/nothing/here`)
      for (const authorization of [`Bearer ${TOKEN}`, 'Bearer ', undefined]) {
        const response = await read(off.url, `potholes/${record.id}`, authorization)
        expect(response.status).toBe(404)
        expect(response.status).toBe(unknown.status)
        expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'))
        expect(response.headers.get('www-authenticate')).toBeNull()
        expect(await response.text()).not.toContain('Quay 9')
      }
    },
  )
})
