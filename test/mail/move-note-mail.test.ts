// {{note}}: what staff wrote with a move that takes a note, in that move's mail.
import { describe, expect, it } from 'vitest'
import { buildMailIntent } from '../../server/mail/mail-intent'
import type { RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'

const view: RecordView = {
  id: 'abcdefghijklmnop',
  bucket: 'potholes',
  storyline: 'plain',
  state: 'rejected',
  fields: { street: 'Mill Lane 4', email: 'ann@example.org' },
  submitter: 'session:x',
  filedAt: '2030-01-01T08:00:00.000Z',
  enteredAt: '2030-01-01T09:00:00.000Z',
  filedSeq: 1,
  seq: 2,
}

describe('a move note in its mail', () => {
  it('puts the note where the mail says {{note}}, as plain text, and nothing when none was written', async () => {
    const site = await loadDemo()
    const bucket = site.buckets.get('potholes')!
    const reject = bucket.moves.find((move) => move.name === 'reject')!
    const intent = (note?: string) =>
      buildMailIntent({ site, bucket, mail: reject.mail!, view, publicUrl: 'http://x', lookup: () => null, note })
    expect(intent('Ask the *county*: they own Mill Lane.')?.body).toContain('Ask the \\*county\\*: they own Mill Lane.')
    expect(intent()?.body).not.toContain('{{note}}')
  })
})
