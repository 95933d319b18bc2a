// Issue 26 journey 1: every mail to the submitter (the receipt, a move's
// mail, staff's message) links the case page with the case's capability,
// made from the event's own time so the catch-up builds the same mail;
// staff's links carry none.
import { describe, expect, it } from 'vitest'
import { decideEffects } from '../../server/effects/decide-effects'
import type { HistoryEntry, RecordView } from '../../server/records/types'
import { checkCaseToken, createCaseSigner } from '../../server/visitor/case-token'
import { loadDemo } from '../support/demo-site'

const secret = Buffer.from('a test secret of thirty-two chars!')
const time = '2030-01-01T08:00:00.000Z'
const view: RecordView = {
  id: 'UvdsQaWZLxEt9zkh',
  bucket: 'potholes',
  storyline: 'plain',
  state: 'new',
  fields: { street: 'Mill Lane 4', kind: 'pothole', email: 'ann@example.org' },
  submitter: 'session:x',
  filedAt: time,
  enteredAt: time,
  filedSeq: 42,
  seq: 42,
}
const actor = { kind: 'visitor', session: 'x' } as const

async function mailOf(entry: HistoryEntry, at: RecordView = view) {
  const site = await loadDemo()
  const bucket = site.buckets.get('potholes')!
  const signCase = createCaseSigner(secret, 90)
  const asked = { site, bucket, entry, view: at, publicUrl: 'https://site.example', lookup: () => null, signCase }
  return decideEffects(asked).mail
}

const tokenOf = (link: string | undefined) => new URL(link ?? 'https://x').searchParams.get('k')

describe('issue 26 journey 1: links in mail to the submitter', () => {
  it('issue 26 journey 1: the receipt and staff’s message link the case page with a token for that case', async () => {
    const receipt = await mailOf({ type: 'filed', to: 'new', actor, time, seq: 42 })
    expect(receipt?.link.split('?')[0]).toBe(`https://site.example/my/potholes/${view.id}`)
    const token = tokenOf(receipt?.link)
    expect(checkCaseToken(secret, token, 'potholes', view.id, new Date(time))).toBe(true)
    expect(checkCaseToken(secret, token, 'potholes', view.id, new Date(Date.parse(time) + 91 * 86_400_000))).toBe(false)
    // The same event gives the same link: the catch-up's intent is the writer's.
    expect((await mailOf({ type: 'filed', to: 'new', actor, time, seq: 42 }))?.link).toBe(receipt?.link)

    const desk = { kind: 'person', subject: 'kari' } as const
    const message = await mailOf({ type: 'noted', to: 'new', via: 'desk', text: 'Hi', actor: desk, time, seq: 43 })
    expect(message?.audience).toBe('submitter')
    expect(checkCaseToken(secret, tokenOf(message?.link), 'potholes', view.id, new Date(time))).toBe(true)
  })
})
