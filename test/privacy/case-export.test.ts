// Issue 29 item 5: an erased case in a person's export says its personal
// values are gone (null) and when, not the marker the records layer keeps.
import { describe, expect, it } from 'vitest'
import type { Bucket } from '../../server/content/model'
import { caseJson } from '../../server/privacy/case-export'
import { ERASED_VALUE, type HistoryEntry, type RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'

describe('a case in the export', () => {
  it('an erased case has null for its erased values and messages, and an erased entry in its timeline', async () => {
    const bucket = (await loadDemo()).buckets.get('potholes') as Bucket
    const record: RecordView = {
      id: 'abc',
      bucket: 'potholes',
      storyline: 'plain',
      state: 'new',
      fields: { street: 'Kept Street 1', email: ERASED_VALUE },
      submitter: ERASED_VALUE,
      filedAt: '2026-11-01T10:00:00.000Z',
      enteredAt: '2026-11-01T10:00:00.000Z',
      filedSeq: 7,
      seq: 9,
      erasedAt: '2026-11-02T10:00:00.000Z',
    }
    const actor = { kind: 'clock' } as const
    const history: HistoryEntry[] = [
      { type: 'filed', to: 'new', actor, time: record.filedAt, seq: 7 },
      { type: 'noted', to: 'new', via: 'desk', text: ERASED_VALUE, actor, time: record.filedAt, seq: 8 },
      { type: 'erased', to: 'new', actor, time: '2026-11-02T10:00:00.000Z', seq: 9 },
    ]
    const { json, files } = caseJson({ bucket, record, history }, 0)
    expect(json.fields).toEqual({ street: 'Kept Street 1', email: null })
    expect(json.timeline.map((entry) => ('text' in entry ? entry.text : entry.event))).toEqual([
      'filed',
      null,
      'erased',
    ])
    expect(JSON.stringify(json)).not.toContain(ERASED_VALUE)
    expect(files).toEqual([])
  })
})
