// The word of an append (server/records/heard-appends.ts) is a hint: a
// filing whose event is stored stands even when the word cannot be sent (a
// connection closing under it), and the index still takes the event in.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import { decodeJson } from '../../server/bus/payload'
import { APPENDED_SUBJECT, sayAppended } from '../../server/records/heard-appends'
import { createRecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import { RECORDS_STREAM } from '../../server/records/types'
import { waitFor } from '../bus/wait'
import { loadDemo } from '../support/demo-site'
import { testEffects } from './record-effects'

describe('the word of an append', () => {
  it('Stays up: a filing stored while the word cannot be sent is answered as stored and reaches the index', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-append-word-'))
    const real = await createLocalBus({ dataDir: dir })
    let refused = 0
    // The real bus, except that its plain publish fails as a closing connection's does.
    const bus: Bus = {
      ...real,
      publish() {
        refused++
        throw new Error('connection closing')
      },
    }
    const index = createRecordIndex(bus)
    try {
      await index.ready
      const site = await loadDemo()
      const records = createRecords({ bus, site: () => site, index, effects: testEffects(bus, index) })
      const filed = await records.file({
        bucket: 'potholes',
        storyline: site.storylines[0] ?? 'plain',
        fields: { street: 'Word Lane 1', kind: 'pothole' },
        submitter: 'session:word',
        actor: { kind: 'visitor', session: 'word' },
      })
      await waitFor(() => refused > 0, 5000, 'the word to be tried')
      expect(await real.lastSequence(RECORDS_STREAM)).toBeGreaterThan(0)
      await waitFor(() => index.get('potholes', filed.id) !== null, 5000, 'the index to take the filing in')
      expect(index.behindHeard()).toBe(false)
    } finally {
      index.close()
      await real.close()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('says one word per turn, naming the newest sequence appended in it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-append-word-'))
    const bus = await createLocalBus({ dataDir: dir })
    const words: unknown[] = []
    const unsubscribe = await bus.subscribe(APPENDED_SUBJECT, (message) => {
      words.push(decodeJson(message.data))
    })
    try {
      // Acks of one turn come in any order: the word names the newest.
      for (const seq of [5, 9, 7]) sayAppended(bus, seq)
      await waitFor(() => words.length === 1, 5000, 'the word of the first turn')
      sayAppended(bus, 10)
      await waitFor(() => words.length === 2, 5000, 'the word of the second turn')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(words.map((word) => (word as { seq: number }).seq)).toEqual([9, 10])
    } finally {
      unsubscribe()
      await bus.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
