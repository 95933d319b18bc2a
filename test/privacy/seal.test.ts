// The seal of a case's personal values (records/seal.ts, event-seal.ts): it
// opens with the case's key on the case's own subject only, and once the key
// is gone every sealed value reads as erased, the rest of the event as it was.
import { describe, expect, it } from 'vitest'
import { openEvent, sealEvent } from '../../server/records/event-seal'
import { newRecordKey, openValues, sealValues } from '../../server/records/seal'
import { ERASED_VALUE, type RecordEvent } from '../../server/records/types'

const filed: RecordEvent = {
  v: 1,
  type: 'filed',
  record: 'abcdefghijklmnop',
  bucket: 'potholes',
  storyline: 'plain',
  actor: { kind: 'person', subject: 'ann-sub', name: 'Ann Example' },
  time: '2030-01-01T08:00:00.000Z',
  to: 'new',
  fields: { street: 'Mill Lane 14', email: 'ann@example.org', details: 'my neighbour Bo' },
  submitter: 'ann-sub',
}
const personal = new Set(['email', 'details'])

describe('sealing a case’s personal values', () => {
  it('keeps them out of the stored event and puts them back with the key', () => {
    const key = newRecordKey()
    const stored = sealEvent(filed, key, personal)
    const bytes = JSON.stringify(stored)
    for (const value of ['ann@example.org', 'my neighbour Bo', 'ann-sub', 'Ann Example'])
      expect(bytes).not.toContain(value)
    expect(stored).toMatchObject({ fields: { street: 'Mill Lane 14' }, to: 'new', time: filed.time })
    expect(openEvent(stored, key)).toMatchObject(filed)
  })

  it('reads every sealed value as erased once the key is gone, or under another key, and the rest as it was', () => {
    const stored = sealEvent(filed, newRecordKey(), personal)
    for (const key of [null, newRecordKey()])
      expect(openEvent(stored, key)).toMatchObject({
        fields: { street: 'Mill Lane 14', email: ERASED_VALUE, details: ERASED_VALUE },
        submitter: ERASED_VALUE,
        actor: { kind: 'person', subject: ERASED_VALUE, name: ERASED_VALUE },
      })
  })

  it('does not open on another case’s subject, nor when a byte is changed', () => {
    const key = newRecordKey()
    const sealed = sealValues(key, 'svc.rec.potholes.a', { email: 'ann@example.org' })
    expect(openValues(key, 'svc.rec.potholes.a', sealed)).toEqual({ email: 'ann@example.org' })
    expect(openValues(key, 'svc.rec.potholes.b', sealed)).toBeNull()
    const bytes = Buffer.from(sealed, 'base64')
    bytes[20] = (bytes[20] ?? 0) ^ 1
    expect(openValues(key, 'svc.rec.potholes.a', bytes.toString('base64'))).toBeNull()
  })

  it('withholds the values of an event written after the key was destroyed', () => {
    const stored = sealEvent(filed, null, personal)
    expect(stored.sealed?.data).toBe('')
    expect(openEvent(stored, newRecordKey())).toMatchObject({ fields: { email: ERASED_VALUE } })
  })
})
