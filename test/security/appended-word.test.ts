// The word every instance sends of each record event it appends (issue 27,
// server/records/heard-appends.ts) is trusted only as far as the stream bears
// it out: anyone able to publish on the bus could send a forged or malformed
// word, and it must not hold views waiting, move the index, or stop it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import { APPENDED_SUBJECT } from '../../server/records/heard-appends'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { waitFor } from '../bus/wait'

let dir: string
let bus: Bus
let index: RecordIndex
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-appended-word-'))
  bus = await createLocalBus({ dataDir: dir })
  index = createRecordIndex(bus, { checkEveryMs: 50 })
  await index.ready
})
afterAll(async () => {
  index?.close()
  await bus?.close()
  await rm(dir, { recursive: true, force: true })
})

describe('a forged word of an append', () => {
  it('Stays up: malformed words (not JSON, wrong types, huge or fractional sequences, long senders) are ignored', async () => {
    const forged: (object | Uint8Array)[] = [
      new TextEncoder().encode('not json'),
      new Uint8Array([0xff, 0xfe, 0x00]),
      { seq: '99', from: 'x' },
      { seq: 1.5, from: 'x' },
      { seq: -4, from: 'x' },
      { seq: 10 ** 30, from: 'x' },
      { seq: 7, from: 'x'.repeat(10_000) },
      { seq: 7 },
      [7],
    ]
    for (const data of forged) bus.publish(APPENDED_SUBJECT, data)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(index.behindHeard()).toBe(false)
    expect(index.status()).toBe('current')
  })

  it('Stays up: a word of a sequence the stream does not hold holds views for at most one check, then is forgotten', async () => {
    bus.publish(APPENDED_SUBJECT, { seq: 1_000_000, from: 'a forger' })
    await waitFor(() => index.behindHeard(), 1000, 'the word to be heard')
    const asked = Date.now()
    await index.heardApplied(3000)
    // Let go at the next check (every 50 ms here, every second in the service), not after the view's 3 s wait.
    expect(Date.now() - asked).toBeLessThan(1000)
    expect(index.behindHeard()).toBe(false)
    expect(index.appliedSeq()).toBe(0)
    expect(index.status()).toBe('current')
  })
})
