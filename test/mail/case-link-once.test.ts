// Issue 26 journey 7: each mail links the case once. Every kind of mail the
// demo sends about a case (the receipt, each move's mail to the submitter and
// to staff, the self move's work order, staff's message, the desk's notice of
// a reply) carries exactly one link to the case in its text part and one in
// its HTML part: a body that places {{link}} itself gets no button repeating it.
import { describe, expect, it } from 'vitest'
import type { Desk, SiteModel } from '../../server/content/model'
import { decideEffects } from '../../server/effects/decide-effects'
import { composeMail } from '../../server/mail/compose-mail'
import type { HistoryEntry } from '../../server/records/types'
import { createCaseSigner } from '../../server/visitor/case-token'
import { demoPothole, loadDemo } from '../support/demo-site'

const time = '2030-01-01T08:00:00.000Z'
const visitor = { kind: 'visitor', session: 'x' } as const
const kari = { kind: 'person', subject: 'kari' } as const
const signCase = createCaseSigner(Buffer.from('a test secret of thirty-two chars!'), 90)

function mailFor(site: SiteModel, entry: HistoryEntry) {
  const bucket = site.buckets.get('potholes')!
  const view = demoPothole({ fields: { street: 'Mill Lane 4', kind: 'pothole', depth: '4', email: 'ann@example.org' } })
  const asked = { site, bucket, entry, view, publicUrl: 'https://site.example', lookup: () => null, signCase }
  const intent = decideEffects(asked).mail
  if (intent === null) throw new Error(`no mail for ${JSON.stringify(entry)}`)
  return { intent, mail: composeMail(intent, 'someone@example.org', { address: 'site@example.org' }) }
}

const count = (text: string, part: string) => text.split(part).length - 1
const escapedHref = (link: string) => `href="${link.replace(/&/g, '&amp;')}"`

describe('issue 26 journey 7: each mail links the case once', () => {
  it('issue 26 journey 7: every demo mail kind has one case link in its text part and one in its HTML part', async () => {
    const demo = await loadDemo()
    // The demo names no desk to notify; every desk holding potholes does here.
    const desks = [...demo.desks].map(([name, desk]): [string, Desk] => [
      name,
      desk.buckets.includes('potholes') ? { ...desk, notify: 'desk@example.org' } : desk,
    ])
    const site: SiteModel = { ...demo, desks: new Map(desks) }
    const moved = (edge: string, via: 'desk' | 'self' = 'desk'): HistoryEntry => ({
      type: 'moved',
      from: 'new',
      to: 'accepted',
      edge,
      via,
      note: 'The county road office has it.',
      actor: via === 'self' ? visitor : kari,
      time,
      seq: 43,
    })
    const kinds: [string, HistoryEntry][] = [
      ['receipt', { type: 'filed', to: 'new', actor: visitor, time, seq: 42 }],
      ['accept', moved('accept')],
      ['reject', moved('reject')],
      ['schedule (work order)', moved('schedule')],
      ['fix', moved('fix')],
      ['close', moved('close')],
      ['still broken (self move to staff)', moved('still_broken', 'self')],
      [
        'staff message',
        { type: 'noted', to: 'new', via: 'desk', text: 'We will look at it.', actor: kari, time, seq: 44 },
      ],
      [
        'reply notice',
        { type: 'noted', to: 'new', via: 'mail', text: 'Thanks!\nMore soon.', actor: visitor, time, seq: 45 },
      ],
    ]
    for (const [kind, entry] of kinds) {
      const { intent, mail } = mailFor(site, entry)
      expect(count(mail.text, intent.link), `${kind}: text part`).toBe(1)
      expect(count(mail.html, escapedHref(intent.link)), `${kind}: HTML part`).toBe(1)
      expect(count(mail.html, '<a '), `${kind}: HTML links`).toBe(1)
    }
  })

  it('a body without {{link}} gets the button, once, in both parts', async () => {
    const site = await loadDemo()
    const { intent, mail } = mailFor(site, moved())
    expect(intent.body).not.toContain('https://site.example')
    expect(count(mail.text, intent.link)).toBe(1)
    expect(count(mail.html, escapedHref(intent.link))).toBe(1)
  })
})

function moved(): HistoryEntry {
  return { type: 'moved', from: 'fixed', to: 'closed', edge: 'close', via: 'desk', actor: kari, time, seq: 43 }
}
