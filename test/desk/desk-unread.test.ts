// Issue 26, journey 4, below the browser: what the index keeps of a case's
// activity (its last event's time, its last word from outside), the listing's
// order and unread filter on it, and each person's read marks on the bus.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import { createCaseReads, CASE_READS_KV } from '../../server/desk/case-reads'
import { listInOrder } from '../../server/records/list-order'
import { createRecordTable } from '../../server/records/record-table'
import { readIndexSnapshot, serializeIndex } from '../../server/records/index-snapshot'
import type { RecordView } from '../../server/records/types'

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString()

const filed = (n: number): RecordView => ({
  id: `case${n}`,
  bucket: 'potholes',
  storyline: 'plain',
  state: 'new',
  fields: { street: `Street ${n}` },
  submitter: `session:s${n}`,
  filedAt: at(n),
  enteredAt: at(n),
  filedSeq: n,
  seq: n,
})

// Three cases filed at minutes 1, 2, 3; case1 gets a reply by mail at minute 10 (seq 10), case2 a desk note at
// minute 20 (seq 11), case3 a self move at minute 5 (seq 12).
function table() {
  const t = createRecordTable('potholes')
  for (const n of [1, 2, 3]) t.add(filed(n))
  t.note(t.rowOf('case1'), 10, at(10), true)
  t.note(t.rowOf('case2'), 11, at(20), false)
  t.move(t.rowOf('case3'), 'withdrawn', at(5), 12, true)
  return t
}

const ids = (found: { items: RecordView[] }) => found.items.map((view) => view.id)
const page = { offset: 0, limit: 10 }

describe('a case heard from on the desk', () => {
  it('Last activity: the time of the last filing, move or note, whoever made it', () => {
    const t = table()
    expect([1, 2, 3].map((n) => new Date(t.activeMs(t.rowOf(`case${n}`))).toISOString())).toEqual([
      at(10),
      at(20),
      at(5),
    ])
    expect(ids(listInOrder(t, page, { by: 'activity' }))).toEqual(['case2', 'case1', 'case3'])
  })

  it('unread: a reply by mail or a self move counts, a note from the desk does not', () => {
    const t = table()
    expect([1, 2, 3].map((n) => t.heardSeq(t.rowOf(`case${n}`)))).toEqual([10, 0, 12])
  })

  it('the unread filter: cases heard from after the reader last opened them, never opened counting as unread', () => {
    const t = table()
    expect(ids(listInOrder(t, { ...page, unreadAfter: new Map() }, { by: 'newest' }))).toEqual(['case3', 'case1'])
    const opened = new Map([
      ['case1', 10],
      ['case3', 9],
    ])
    expect(ids(listInOrder(t, { ...page, unreadAfter: opened }, { by: 'newest' }))).toEqual(['case3'])
  })

  it('what the index keeps of activity survives a snapshot', async () => {
    const t = table()
    const { tables } = await readIndexSnapshot(await serializeIndex(12, [t.image()]))
    const restored = createRecordTable('potholes', tables[0])
    expect(restored.heardSeq(restored.rowOf('case3'))).toBe(12)
    expect(restored.activeMs(restored.rowOf('case2'))).toBe(Date.parse(at(20)))
  })
})

describe("a person's read marks (svc_case_reads)", () => {
  let dir: string
  let bus: Bus
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'svc-case-reads-'))
    bus = await createLocalBus({ dataDir: dir })
  })
  afterAll(async () => {
    await bus?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('are kept per person and bucket, only ever move forward, and change revision when they change', async () => {
    const reads = createCaseReads(await bus.kv(CASE_READS_KV))
    expect((await reads.marks('sub-kari', 'potholes')).seen.size).toBe(0)
    await reads.open('sub-kari', 'potholes', 'case1', 10)
    const first = await reads.marks('sub-kari', 'potholes')
    expect([...first.seen]).toEqual([['case1', 10]])
    // Opened again from an older tab: the mark stays where it was, and the revision with it.
    await reads.open('sub-kari', 'potholes', 'case1', 7)
    expect(await reads.marks('sub-kari', 'potholes')).toEqual(first)
    // Another person's marks and another bucket's are their own.
    expect((await reads.marks('sub-rolf', 'potholes')).seen.size).toBe(0)
    expect((await reads.marks('sub-kari', 'districts')).seen.size).toBe(0)
    await reads.open('sub-kari', 'potholes', 'case2', 11)
    const second = await reads.marks('sub-kari', 'potholes')
    expect(second.revision).toBeGreaterThan(first.revision)
    expect(second.seen.get('case2')).toBe(11)
  })
})
