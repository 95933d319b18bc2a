// Issue 26, journey 4: a reply by mail is someone else's typing, and the desk's `notify:` mail quotes it to staff.
// It must read as the text it is: no link, image or markup of the sender's making in the staff mail, no header
// of theirs, and the only link the service's own resolver. And the desk's unread filter takes no junk.
import { describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { parseDeskQuery } from '../../server/desk/desk-query'
import { composeMail } from '../../server/mail/compose-mail'
import { buildNotifyIntent } from '../../server/mail/notify-intent'
import type { RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'

const demo: SiteModel = await loadDemo()
const withNotify: SiteModel = {
  ...demo,
  desks: new Map(
    [...demo.desks].map(([name, desk]) => [
      name,
      name === 'caseworkers' ? { ...desk, notify: 'casework@example.org' } : desk,
    ]),
  ),
}
const potholes = demo.buckets.get('potholes')!

const view: RecordView = {
  id: 'AbCdEfGhIjKlMnOp',
  bucket: 'potholes',
  storyline: 'story',
  state: 'new',
  fields: { street: 'Evil Street\r\nBcc: everyone@example.org', kind: 'pothole' },
  submitter: 'session:s',
  filedAt: '2026-01-01T12:00:00.000Z',
  enteredAt: '2026-01-01T12:00:00.000Z',
  filedSeq: 42,
  seq: 50,
}

const REPLY = [
  'Your account is locked. [Unlock it here](https://evil.example/login)',
  '![](https://evil.example/pixel.png) <a href="https://evil.example">or here</a>',
  '# URGENT',
].join('\n')

describe("the desk's notify mail quotes a reply as plain text", () => {
  const intent = buildNotifyIntent({
    site: withNotify,
    bucket: potholes,
    view,
    text: REPLY,
    publicUrl: 'https://streets.example',
  })!
  const mail = composeMail(intent, 'casework@example.org', { address: 'site@example.org' })

  it('makes no link, image or heading of the reply, and its one link is the desk resolver', () => {
    const links = [...mail.html.matchAll(/href="([^"]*)"/g)].map((found) => found[1])
    expect(new Set(links)).toEqual(new Set(['https://streets.example/desk/case/potholes/AbCdEfGhIjKlMnOp']))
    expect(mail.html).not.toContain('<img')
    expect(mail.html).not.toContain('<h1')
    expect(mail.html).toContain('Unlock it here')
    expect(mail.text).toContain('https://streets.example/desk/case/potholes/AbCdEfGhIjKlMnOp')
  })

  it('lets no typed line break into a header, and goes only to the desk’s own address, with no reply address', () => {
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.to).toBe('casework@example.org')
    expect(mail.replyTo).toBeUndefined()
    expect(intent.audience).toBe('staff')
  })

  it('is not made for a desk that asks for none, nor for a bucket no notifying desk holds', () => {
    expect(
      buildNotifyIntent({ site: demo, bucket: potholes, view, text: REPLY, publicUrl: 'https://x.example' }),
    ).toBeNull()
    const districts = demo.buckets.get('districts')!
    const onDistricts = { ...view, bucket: 'districts' }
    const onlyRoadCrew: SiteModel = {
      ...demo,
      desks: new Map(
        [...demo.desks].map(([name, desk]) => [
          name,
          name === 'road_crew' ? { ...desk, notify: 'crew@example.org' } : desk,
        ]),
      ),
    }
    expect(
      buildNotifyIntent({
        site: onlyRoadCrew,
        bucket: districts,
        view: onDistricts,
        text: REPLY,
        publicUrl: 'https://x.example',
      }),
    ).toBeNull()
  })
})

describe("the desk's unread filter", () => {
  it('takes unread=1 and nothing else: junk, a list or a script is the unfiltered desk', () => {
    expect(parseDeskQuery({ unread: '1' }).unread).toBe('1')
    for (const junk of ['0', 'true', '<script>', ['1', '0'].reverse(), { a: 1 }])
      expect(parseDeskQuery({ unread: junk }).unread).toBeUndefined()
  })
})
