// Erasing is for good, so an erase aimed at the wrong thing must touch
// nothing: a forged or unknown id, a real record's id under another bucket,
// a bucket the content does not serve. Each answers null (no such record)
// and leaves the stream, the keys and the record as they were, on both buses.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { RECORD_KEYS_KV } from '../../server/records/record-keys'
import { RECORDS_STREAM } from '../../server/records/types'
import type { Actor } from '../../server/records/types'
import { freshNames, recordsSite } from '../records/site'
import { start, useInstances } from '../records/world'
import { startNatsServer, type NatsServer } from '../support/nats-server'

const staff: Actor = { kind: 'person', subject: 'staff-1' }
let server: NatsServer
const dirs: string[] = []
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const buses: [string, () => Promise<Bus>][] = [
  [
    'local',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'svc-erase-forged-'))
      dirs.push(dir)
      return createLocalBus({ dataDir: dir })
    },
  ],
  ['nats', () => createNatsBus({ url: server.url })],
]

describe.each(buses)('an erase aimed at the wrong thing, on the %s bus', (_, open) => {
  const world = useInstances()

  it('a forged id, a record under another bucket or a bucket not served: null, and nothing is touched', async () => {
    const bus = await open()
    world.onCleanup(() => bus.close())
    const names = freshNames()
    const site = recordsSite(names)
    const { records } = await world.instance(bus, () => site, { now: start })
    const filed = await records.file({
      bucket: names.cases,
      storyline: 'plain',
      fields: { street: 'Elm', email: 'ann@example.org' },
      submitter: 'someone',
      actor: { kind: 'visitor', session: 's' },
    })
    const keys = await bus.kv(RECORD_KEYS_KV)
    const keysBefore = await keys.keys()
    const last = await bus.lastSequence(RECORDS_STREAM)
    const aimed = [
      { bucket: names.cases, id: 'AAAAAAAAAAAAAAAA' },
      { bucket: names.cases, id: '../../etc/passwd' },
      { bucket: names.cases, id: `${filed.id}.>` },
      { bucket: names.districts, id: filed.id },
      { bucket: 'nosuchbucket', id: filed.id },
      { bucket: `${names.cases}.*`, id: filed.id },
    ]
    for (const target of aimed)
      expect(await records.erase({ ...target, actor: staff, reason: 'request' }), JSON.stringify(target)).toBeNull()
    expect(await bus.lastSequence(RECORDS_STREAM)).toBe(last)
    expect(await keys.keys()).toEqual(keysBefore)
    const record = await records.get(names.cases, filed.id)
    expect(record?.erasedAt).toBeUndefined()
    expect(record?.fields.email).toBe('ann@example.org')
  })
})
