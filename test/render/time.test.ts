// Times in the site's time zone (site.yaml `timezone:`, Europe/Oslo unless
// set) and language: a case filed late in the evening UTC is filed the next
// day in Oslo, on the desk and on the visitor's pages alike.
import { describe, expect, it } from 'vitest'
import { messagesFor } from '../../server/messages/messages'
import { renderHistory } from '../../server/render/desk/history'
import { renderDay, renderTime } from '../../server/render/desk/time'
import { renderRecordMeta } from '../../server/render/record-fields'
import { createSite, potholes } from './fixture'

const LATE = '2026-03-01T23:30:00.000Z'

describe('times shown', () => {
  it('a record filed at 23:30 UTC shows the next day, 00:30, in Europe/Oslo by default', () => {
    const m = messagesFor(createSite({ language: 'en' }), 0)
    expect(String(renderTime(LATE, m))).toBe(`<time datetime="${LATE}">Mar 2, 2026, 00:30</time>`)
    expect(String(renderDay(LATE, m))).toBe(`<time datetime="${LATE}">Mar 2, 2026</time>`)
    const history = String(
      renderHistory(potholes, [{ type: 'filed', to: 'new', actor: { kind: 'clock' }, time: LATE, seq: 1 }], 0, m),
    )
    expect(history).toContain('>Mar 2, 2026, 00:30</time>')
  })

  it("in the site's language and its own timezone:", () => {
    const nb = messagesFor(createSite({ language: 'nb' }), 0)
    expect(String(renderTime(LATE, nb))).toContain('>2. mars 2026, 00:30</time>')
    const utc = messagesFor(createSite({ language: 'en-GB', timeZone: 'UTC' }), 0)
    expect(String(renderTime(LATE, utc))).toContain('>1 Mar 2026, 23:30</time>')
    const summary = { id: 'a', bucket: 'potholes', seq: 1, stateLabel: 'New', filedAt: LATE, fields: [], selfMoves: [] }
    expect(String(renderRecordMeta(summary, utc))).toContain('>1 Mar 2026</time>')
  })
})
