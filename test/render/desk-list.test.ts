// The desk list's words for issue 26: the unread marker, the Last activity column, the unread filter, one
// "Closed" in the state menu, and an empty open-cases list that says how many closed cases it leaves out.
import { describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { NO_FILTER } from '../../server/desk/desk-query'
import type { BucketListing } from '../../server/desk/listing'
import { pageWindow } from '../../server/desk/paging'
import { messagesFor } from '../../server/messages/messages'
import { renderBucketSection } from '../../server/render/desk/bucket-section'
import type { RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'

const site: SiteModel = await loadDemo()
const potholes = site.buckets.get('potholes')!
const m = messagesFor(site, 0)

const view = (n: number): RecordView => ({
  id: `case${n}aaaaaaaaaaaa`,
  bucket: 'potholes',
  storyline: 'plain',
  state: 'new',
  fields: { street: `Street ${n}` },
  submitter: 'session:s',
  filedAt: '2026-01-01T12:00:00.000Z',
  enteredAt: '2026-01-01T12:00:00.000Z',
  filedSeq: n,
  seq: n,
})

const listing = (more: Partial<BucketListing>): BucketListing => ({
  bucket: potholes,
  filter: NO_FILTER,
  window: pageWindow(0, 1),
  total: 0,
  items: [],
  activity: [],
  closedHidden: 0,
  ...more,
})

const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('the desk list', () => {
  it('marks an unread case with a word beside its name, and shows each case’s last activity', () => {
    const html = renderBucketSection(
      'caseworkers',
      listing({
        total: 2,
        window: pageWindow(2, 1),
        items: [view(1), view(2)],
        activity: [{ activeAt: '2026-01-02T09:30:00.000Z', unread: true }, { unread: false }],
      }),
      0,
      false,
      m,
    ).toString()
    expect(text(html)).toContain('Last activity')
    const [first, second] = html.split('<tbody>')[1]!.split('<tr').slice(1).map(text)
    expect(html).toMatch(
      /<a href="[^"]+case1a+" aria-describedby="(potholes-case1a+-unread)">Street 1<\/a> <strong class="desk-unread" id="\1">Unread<\/strong>/,
    )
    expect(first).toContain('Unread')
    expect(second).not.toContain('Unread')
    expect(html).toContain('<time datetime="2026-01-02T09:30:00.000Z"')
  })

  it('offers the unread filter, and names the closed state "Closed" once in the state menu', () => {
    const html = renderBucketSection('caseworkers', listing({}), 0, false, m).toString()
    expect(html).toMatch(/<input type="checkbox" id="potholes-unread" name="unread" value="1">/)
    expect(html).toContain('<label for="potholes-unread">Only with unread replies</label>')
    const options = [...html.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((found) => found[1] ?? '')
    expect(options.filter((option) => /closed/i.test(option))).toEqual([
      'Closed',
      'Not ours to fix (closed)',
      'Withdrawn by the reporter (closed)',
    ])
  })

  it('No open cases (3 closed), with a link to them, where the open-cases default hides every case', () => {
    const html = renderBucketSection('caseworkers', listing({ closedHidden: 3 }), 0, false, m).toString()
    expect(text(html)).toContain('No open cases (3 closed). Show the closed cases')
    expect(html).toContain('<a href="/desk/caseworkers?bucket=potholes&amp;state=_all">Show the closed cases</a>')
    expect(text(html)).not.toContain('No records yet.')
  })

  it('still says "No records yet." when nothing at all is filed', () => {
    expect(text(renderBucketSection('caseworkers', listing({}), 0, false, m).toString())).toContain('No records yet.')
  })
})
