// Issue 9, "start in seconds at a million records": an index starts from the
// stored snapshot and the events after it, and a snapshot that is missing,
// corrupt or of another index version falls back to a full replay, logged.
// Each test has a nats-server or a local bus of its own, starting empty, so
// its first index is a full replay by construction: the reference.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { INDEX_VERSION } from '../../server/records/index-snapshot'
import { SNAPSHOT_BUCKET, SNAPSHOT_NAME } from '../../server/records/index-snapshot-store'
import { writeIndexSnapshot } from '../../server/records/index-snapshot-writer'
import type { RecordIndex } from '../../server/records/record-index'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freshNames, recordsSite } from './site'
import { start, useInstances } from './world'

const desk = { kind: 'person', subject: 'desk-sub' } as const

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** The structured lines the service logs while `run` runs. */
async function logged<T>(run: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = []
  const keep = (chunk: unknown) => {
    for (const line of String(chunk).split('\n')) if (line.startsWith('{')) lines.push(JSON.parse(line) as never)
    return true
  }
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(keep)
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(keep)
  try {
    return { result: await run(), lines }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

/** What a visitor and a desk see of an index: report counts, listings, records, page versions. */
function answers(index: RecordIndex, buckets: string[]) {
  return {
    counts: index.counts(),
    listings: buckets.map((bucket) => index.list(bucket, { offset: 0, limit: 100 })),
    accepted: buckets.map((bucket) => index.list(bucket, { states: ['accepted'], offset: 0, limit: 100 })),
    bySubmitter: buckets.map((bucket) => index.list(bucket, { submitter: 'ann', offset: 0, limit: 100 })),
    // What cached pages are keyed by: a restored index must not serve a stale page as current.
    versions: buckets.map((bucket) => index.version([bucket])),
  }
}

interface Buses {
  open(): Promise<Bus>
  stop(): Promise<void>
}

const buses: [string, () => Promise<Buses>][] = [
  [
    'nats',
    async () => {
      const nats: NatsServer = await startNatsServer()
      return { open: () => createNatsBus({ url: nats.url }), stop: () => nats.stop() }
    },
  ],
  [
    'local',
    async () => {
      // One process owns a local bus: every instance shares the same one.
      const dir = mkdtempSync(join(tmpdir(), 'svc-snapshot-'))
      dirs.push(dir)
      const bus = await createLocalBus({ dataDir: dir })
      return { open: async () => bus, stop: async () => undefined }
    },
  ],
]

describe.each(buses)('Start-up from a snapshot (issue 9) on the %s bus', (_name, makeBuses) => {
  const { instance, onCleanup } = useInstances()

  async function setUp() {
    const { open, stop } = await makeBuses()
    onCleanup(stop)
    const bus = await open()
    onCleanup(() => bus.close())
    const names = freshNames()
    const site = recordsSite(names)
    const first = await logged(() => instance(bus, () => site, { now: start }))
    const { records, index } = first.result
    const file = (street: string, submitter: string) =>
      records.file({ bucket: names.cases, storyline: 'plain', fields: { street }, submitter, actor: desk })
    const accept = (filed: { id: string; seq: number }) =>
      records.move({
        bucket: names.cases,
        id: filed.id,
        edge: 'accept',
        via: 'desk',
        expectSeq: filed.seq,
        actor: desk,
      })
    const a = await file('Mill Lane', 'ann')
    const b = await file('Bridge Road', 'bob')
    await accept(a)
    await records.file({
      bucket: names.districts,
      storyline: 'story',
      fields: { name: 'North' },
      submitter: 'x',
      actor: desk,
    })
    const covered = await writeIndexSnapshot(bus, index)
    // After the snapshot: a new filing and a move of a record it holds.
    await file('Station Road', 'ann')
    await accept(b)
    expect(fullReplay(first.lines)).toEqual([expect.objectContaining({ reason: 'no snapshot stored' })])
    const later = async () => {
      const second = await open()
      if (second !== bus) onCleanup(() => second.close())
      return await logged(() => instance(second, () => site, { now: start }))
    }
    const reference = () => answers(index, [names.cases, names.districts])
    return { bus, names, index, first, covered, later, reference }
  }

  const fullReplay = (lines: Record<string, unknown>[]) =>
    lines.filter((line) => line.message === '[svc] [records] the record index starts from a full replay of the stream')

  it(
    'Start-up from a snapshot: an index starts from the stored snapshot plus the ' +
      'events after it, says so, and answers as the full replay does',
    async () => {
      const { covered, later, reference, names } = await setUp()

      const { result, lines } = await later()
      expect(lines).toContainEqual(
        expect.objectContaining({ message: 'loaded the record index snapshot', seq: covered }),
      )
      expect(fullReplay(lines)).toEqual([])
      expect(answers(result.index, [names.cases, names.districts])).toEqual(reference())
      expect(result.index.list(names.cases, { offset: 0, limit: 10 }).items.map((view) => view.fields.street)).toEqual([
        'Station Road',
        'Bridge Road',
        'Mill Lane',
      ])
      expect(result.index.counts().filter((count) => count.bucket === names.cases)).toEqual([
        { bucket: names.cases, storyline: 'plain', state: 'accepted', count: 2 },
        { bucket: names.cases, storyline: 'plain', state: 'new', count: 1 },
      ])
    },
  )

  it(
    'Start-up from a snapshot: a corrupt snapshot falls back to a full replay, ' + 'logged, with the same answers',
    async () => {
      const { bus, later, reference, names } = await setUp()
      const objects = await bus.objects(SNAPSHOT_BUCKET)
      // One byte flipped in the middle, as a bad disk or a torn copy would.
      const corrupt = Buffer.from((await objects.get(SNAPSHOT_NAME)) ?? [])
      const middle = Math.floor(corrupt.length / 2)
      corrupt.writeUInt8(corrupt.readUInt8(middle) ^ 0xff, middle)
      await objects.put(SNAPSHOT_NAME, corrupt)

      const { result, lines } = await later()
      expect(fullReplay(lines)).toEqual([
        expect.objectContaining({ level: 'warn', reason: expect.stringContaining('the snapshot is unusable') }),
      ])
      expect(lines.some((line) => line.message === 'loaded the record index snapshot')).toBe(false)
      expect(answers(result.index, [names.cases, names.districts])).toEqual(reference())
    },
  )

  it(
    'Start-up from a snapshot: a snapshot of another index version falls back to a ' + 'full replay, logged',
    async () => {
      const { bus, covered, later, reference, names } = await setUp()
      const header = { format: 'svc-record-index', version: INDEX_VERSION + 1, seq: covered, records: 0 }
      await (await bus.objects(SNAPSHOT_BUCKET)).put(SNAPSHOT_NAME, gzipSync(`${JSON.stringify(header)}\n`))

      const { result, lines } = await later()
      expect(fullReplay(lines)).toEqual([
        expect.objectContaining({
          level: 'warn',
          reason: `the snapshot is unusable: index version ${INDEX_VERSION + 1}, this instance reads ${INDEX_VERSION}`,
        }),
      ])
      expect(answers(result.index, [names.cases, names.districts])).toEqual(reference())
    },
  )
})
