// A case's history on the desk: a note (a mail that could not be delivered)
// reads as what was said and who said it, escaped like every value.
import { describe, expect, it } from 'vitest'
import { englishMessages } from '../../server/messages/messages'
import { renderHistory } from '../../server/render/desk/history'
import { ERASED_VALUE } from '../../server/records/types'
import { freshNames, recordsSite } from '../records/site'

describe('desk history', () => {
  it('shows a note by the service with its text escaped, beside the moves', () => {
    const names = freshNames()
    const bucket = recordsSite(names).buckets.get(names.cases)!
    const html = String(
      renderHistory(
        bucket,
        [
          {
            type: 'filed',
            to: 'new',
            actor: { kind: 'visitor', session: 's1' },
            time: '2026-03-01T09:00:00.000Z',
            seq: 1,
          },
          {
            type: 'noted',
            to: 'new',
            via: 'service',
            text: 'mail to <ann@example.org> could not be delivered: 550 <script>x</script>',
            actor: { kind: 'service' },
            time: '2026-03-01T10:00:00.000Z',
            seq: 2,
          },
        ],
        0,
        englishMessages,
      ),
    )
    expect(html).toContain('mail to &lt;ann@example.org&gt; could not be delivered: 550 &lt;script&gt;x&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toContain('by the service')
    expect(html.match(/desk-history-entry/g)).toHaveLength(2)
  })

  it('shows an erasure as "Personal data erased", by whom, why and the reason staff gave; erased words as Erased', () => {
    const names = freshNames()
    const bucket = recordsSite(names).buckets.get(names.cases)!
    const html = String(
      renderHistory(
        bucket,
        [
          {
            type: 'noted',
            to: 'new',
            via: 'mail',
            text: ERASED_VALUE,
            actor: { kind: 'mail', address: ERASED_VALUE },
            time: '2026-03-01T09:00:00.000Z',
            seq: 2,
          },
          {
            type: 'erased',
            to: 'new',
            reason: 'request',
            note: 'asked by phone',
            actor: { kind: 'person', subject: 's', name: 'Kari Desk' },
            time: '2026-03-02T09:00:00.000Z',
            seq: 3,
          },
        ],
        0,
        englishMessages,
      ),
    )
    expect(html).toContain('Personal data erased (on request)')
    expect(html).toContain('by Kari Desk')
    expect(html).toContain('Note: asked by phone')
    expect(html).toContain('>Erased<')
    expect(html).not.toContain('\u0000')
  })
})
