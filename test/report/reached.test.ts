// "Reached" beside "now in" (issue 30, item 2): per (bucket, storyline, state)
// the records that ever entered a state, each once, kept as the index follows
// events and carried through a snapshot.
import { describe, expect, it } from 'vitest'
import { createIndexState, type IndexState } from '../../server/records/index-state'
import { readIndexSnapshot, serializeIndex } from '../../server/records/index-snapshot'
import type { RecordView } from '../../server/records/types'

const time = '2030-01-01T08:00:00.000Z'
let seq = 0
function file(state: IndexState, id: string, storyline: string): void {
  seq++
  const view: RecordView = {
    id,
    bucket: 'potholes',
    storyline,
    state: 'new',
    fields: { street: id },
    submitter: 'session:x',
    filedAt: time,
    enteredAt: time,
    filedSeq: seq,
    seq,
  }
  state.file(view)
}
const move = (state: IndexState, id: string, to: string) => state.move('potholes', id, to, time, ++seq)
const counted = (state: IndexState) => ({ now: state.counts.list(), reached: state.reached.list() })

describe('reached counts', () => {
  it('count a record once per state it ever entered, after it leaves, and when it comes back', async () => {
    const state = createIndexState()
    file(state, 'a', 'plain')
    file(state, 'b', 'plain')
    file(state, 'c', 'story')
    move(state, 'a', 'accepted')
    move(state, 'a', 'closed')
    // Reopened and accepted again: still one record that reached `accepted`.
    move(state, 'a', 'new')
    move(state, 'a', 'accepted')
    move(state, 'c', 'closed')
    const { now, reached } = counted(state)
    expect(now).toEqual([
      { bucket: 'potholes', storyline: 'plain', state: 'accepted', count: 1 },
      { bucket: 'potholes', storyline: 'plain', state: 'new', count: 1 },
      { bucket: 'potholes', storyline: 'story', state: 'closed', count: 1 },
    ])
    expect(reached).toEqual([
      { bucket: 'potholes', storyline: 'plain', state: 'accepted', count: 1 },
      { bucket: 'potholes', storyline: 'plain', state: 'closed', count: 1 },
      { bucket: 'potholes', storyline: 'plain', state: 'new', count: 2 },
      { bucket: 'potholes', storyline: 'story', state: 'closed', count: 1 },
      { bucket: 'potholes', storyline: 'story', state: 'new', count: 1 },
    ])

    // A snapshot carries what each record reached: restored, and moved on, it counts as the original does.
    const restored = createIndexState()
    const { tables } = await readIndexSnapshot(await serializeIndex(seq, state.images()))
    for (const image of tables) restored.restore(image)
    expect(counted(restored)).toEqual(counted(state))
    for (const index of [state, restored]) {
      move(index, 'b', 'closed')
      move(index, 'a', 'closed')
      seq -= 2
    }
    seq += 2
    expect(counted(restored)).toEqual(counted(state))
    expect(restored.reached.list().find((c) => c.storyline === 'plain' && c.state === 'closed')?.count).toBe(2)
  })
})
