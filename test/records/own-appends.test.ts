// What a process keeps of its own appends for its index (own-appends.ts)
// holds personal values in the clear: it is taken once, in stream order, and
// nothing below the sequence taken stays behind, nor more than 4,096 events
// in a process whose index never asks (the mailer appends notes too).
import { describe, expect, it } from 'vitest'
import type { Bus } from '../../server/bus/types'
import { keepOwnAppend, takeOwnAppend } from '../../server/records/own-appends'
import type { RecordEvent } from '../../server/records/types'

const filed = (n: number): RecordEvent => ({
  v: 1,
  type: 'filed',
  record: `record${String(n).padStart(10, '0')}`,
  bucket: 'potholes',
  storyline: 'plain',
  actor: { kind: 'visitor', session: 'v' },
  time: '2030-01-01T08:00:00.000Z',
  to: 'new',
  fields: { email: `person${n}@example.org` },
  submitter: 'session:v',
})

describe("a process's own appends, kept for its index", () => {
  it('are taken once each, and what the index passed by is dropped with its personal values', () => {
    const bus = {} as Bus
    for (const n of [1, 2, 3, 4]) keepOwnAppend(bus, n, filed(n))
    expect(takeOwnAppend(bus, 3)).toEqual(filed(3))
    expect(takeOwnAppend(bus, 3)).toBeUndefined()
    expect([1, 2].map((seq) => takeOwnAppend(bus, seq))).toEqual([undefined, undefined])
    expect(takeOwnAppend(bus, 4)).toEqual(filed(4))
    // Another bus (another instance in the same process) is given nothing of this one's.
    keepOwnAppend(bus, 5, filed(5))
    expect(takeOwnAppend({} as Bus, 5)).toBeUndefined()
    expect(takeOwnAppend(bus, 5)).toEqual(filed(5))
  })

  it('keep at most 4,096 events when no index takes them', () => {
    const bus = {} as Bus
    for (let n = 1; n <= 5000; n++) keepOwnAppend(bus, n, filed(n))
    expect(takeOwnAppend(bus, 904)).toBeUndefined()
    expect(takeOwnAppend(bus, 905)).toEqual(filed(905))
    expect(takeOwnAppend(bus, 5000)).toEqual(filed(5000))
  })
})
