// Issue 9, "under 300 MB at a million records": the index keeps records as
// columns and builds each view when asked, and a snapshot is those columns
// written out. Whatever goes in must come out exactly as it went in, through
// moves, growth, an image taken meanwhile and a snapshot's round trip.
import { describe, expect, it } from 'vitest'
import { gunzipSync, gzipSync } from 'node:zlib'
import { readIndexSnapshot, serializeIndex, SnapshotProblem } from '../../server/records/index-snapshot'
import { createRecordTable } from '../../server/records/record-table'
import type { RecordView } from '../../server/records/types'

const filed = (n: number, extra: Partial<RecordView> = {}): RecordView => ({
  id: `r${n.toString(36).padStart(15, '0')}`,
  bucket: 'potholes',
  storyline: n % 2 === 0 ? 'plain' : 'story',
  state: 'new',
  fields: { street: `Mill Lane ${n}`, kind: 'pothole' },
  submitter: `session:s${n}`,
  filedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  enteredAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  filedSeq: n + 1,
  seq: n + 1,
  ...extra,
})

describe('record table', () => {
  it('gives back every record exactly as stored, found by its id, past many rows', () => {
    const table = createRecordTable('potholes')
    const views = Array.from({ length: 5000 }, (_, n) => filed(n))
    for (const view of views) table.add(view)
    expect(table.size()).toBe(5000)
    for (const n of [0, 1, 1023, 1024, 4999]) {
      const row = table.rowOf(views[n]!.id)
      expect(row).toBe(n)
      expect(table.view(row)).toEqual(views[n])
    }
    expect(table.rowOf('r-not-there')).toBe(-1)
  })

  it('keeps text in any script, a field longer than a block, and a time in an unusual spelling', () => {
    const table = createRecordTable('potholes')
    const odd = filed(1, {
      id: 'Æøå-ünï_ç0dé',
      fields: { details: 'Hull i veien ved bussholdeplassen 🕳️ – «farlig»', long: 'x'.repeat(3 << 20) },
      filedAt: '2026-01-01T08:00:00Z',
      enteredAt: 'not a time at all',
    })
    table.add(filed(0))
    table.add(odd)
    table.add(filed(2))
    expect(table.view(table.rowOf(odd.id))).toEqual(odd)
    expect(table.view(2)).toEqual(filed(2))
  })

  it('a move changes the state, the time entered and the sequence, and nothing else', () => {
    const table = createRecordTable('potholes')
    table.add(filed(0))
    const moved = { ...filed(0), state: 'accepted', enteredAt: '2026-02-01T10:00:00.000Z', seq: 9 }
    table.move(0, 'accepted', '2026-02-01T10:00:00.000Z', 9)
    expect(table.view(0)).toEqual(moved)
    expect(table.state(0)).toBe('accepted')
    expect(table.submitter(0)).toBe('session:s0')
    expect(table.fields(0)).toEqual({ street: 'Mill Lane 0', kind: 'pothole' })
  })

  it('an image stays as the table was while later filings and moves go on', () => {
    const table = createRecordTable('potholes')
    for (let n = 0; n < 1000; n++) table.add(filed(n))
    const image = table.image()
    table.move(5, 'fixed', 'odd spelling', 5000)
    for (let n = 1000; n < 3000; n++) table.add(filed(n))
    const restored = createRecordTable('potholes', image)
    expect(restored.size()).toBe(1000)
    expect(restored.view(5)).toEqual(filed(5))
    expect(restored.rowOf(filed(999).id)).toBe(999)
    expect(restored.rowOf(filed(1000).id)).toBe(-1)
    expect(table.view(5).state).toBe('fixed')
    expect(table.view(5).enteredAt).toBe('odd spelling')
  })

  it('a snapshot gives back every table whole, and a restored table files on where it left off', async () => {
    const table = createRecordTable('potholes')
    const views = Array.from({ length: 3000 }, (_, n) => filed(n))
    for (const view of views) table.add(view)
    const odd = filed(3000, { fields: { long: 'å'.repeat(700_000) }, filedAt: 'yesterday', enteredAt: 'today' })
    table.add(odd)
    table.move(7, 'accepted', '2026-03-01T00:00:00.000Z', 9000)
    const { seq, tables } = await readIndexSnapshot(await serializeIndex(9000, [table.image()]))
    expect(seq).toBe(9000)
    const restored = createRecordTable('potholes', tables[0])
    expect(restored.size()).toBe(3001)
    for (let row = 0; row < 3001; row++) expect(restored.view(row)).toEqual(table.view(row))
    const next = filed(5000)
    expect(restored.add(next)).toBe(3001)
    expect(restored.view(restored.rowOf(next.id))).toEqual(next)
    expect(restored.view(restored.rowOf(odd.id))).toEqual(odd)
  })

  it('a snapshot cut short, or with bytes after its last table, is refused', async () => {
    const table = createRecordTable('potholes')
    for (let n = 0; n < 100; n++) table.add(filed(n))
    const whole = Buffer.from(await serializeIndex(100, [table.image()]))
    const raw = gunzipSync(whole)
    await expect(readIndexSnapshot(gzipSync(raw.subarray(0, raw.length - 10)))).rejects.toThrow('cut short')
    await expect(readIndexSnapshot(gzipSync(Buffer.concat([raw, Buffer.from('x')])))).rejects.toThrow(
      'bytes after the last table',
    )
    await expect(readIndexSnapshot(whole.subarray(0, whole.length - 8))).rejects.toThrow(SnapshotProblem)
  })
})
