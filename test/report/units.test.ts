// The report's pure parts: negotiation, the body's shape, tables and bars.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { barWidth } from '../../server/render/report-chart'
import { countFormat } from '../../server/render/report-number'
import { automationAccess } from '../../server/report/automation-token'
import { prefersHtml } from '../../server/report/prefers-html'
import { reportBody } from '../../server/report/report-body'
import { reportTables } from '../../server/report/report-tables'
import { loadDemo } from '../support/demo-site'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

describe('report pieces', () => {
  it('answers HTML only when Accept ranks text/html above application/json', () => {
    expect(prefersHtml(undefined)).toBe(false)
    expect(prefersHtml('*/*')).toBe(false)
    expect(prefersHtml('application/json')).toBe(false)
    expect(prefersHtml('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true)
    expect(prefersHtml('text/*')).toBe(true)
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false)
    expect(prefersHtml('application/json;q=0.4, text/html;q=0.5')).toBe(true)
    expect(prefersHtml('text/html;q=0, */*')).toBe(false)
    expect(prefersHtml('garbage, text/html;q=nope')).toBe(false)
  })

  it('the body carries the five fields of each count, the visitors, and nothing else', () => {
    const leaky = {
      counts: [{ bucket: 'b', storyline: 's', state: 'x', count: 2, reached: 3, secret: 'no' }],
      visitors: [{ storyline: 's', count: 9, secret: 'no' }],
    }
    expect(JSON.stringify(reportBody(leaky))).toBe(
      '{"counts":[{"bucket":"b","storyline":"s","state":"x","count":2,"reached":3}],"visitors":[{"storyline":"s","count":9}]}',
    )
  })

  it("tables follow the content's order and still count what the content dropped", () => {
    const { storylines, tables } = reportTables(site, 0, [
      { bucket: 'gone', storyline: 'plain', state: 'old', count: 4 },
      { bucket: 'potholes', storyline: 'legacy', state: 'new', count: 1 },
      { bucket: 'potholes', storyline: 'plain', state: 'lost', count: 2 },
      { bucket: 'potholes', storyline: 'story', state: 'new', count: 3 },
    ])
    expect(storylines).toEqual(['plain', 'story', 'legacy'])
    expect(tables.map((t) => t.bucket)).toEqual([...site.buckets.keys(), 'gone'])
    const potholes = tables.find((t) => t.bucket === 'potholes')!
    expect(potholes.rows.map((r) => r.state)).toEqual([
      ...site.buckets.get('potholes')!.states.map((s) => s.name),
      'lost',
    ])
    expect(potholes.rows[0]).toEqual({ state: 'new', label: 'Received', counts: [0, 3, 1], total: 4 })
    expect([potholes.totals, potholes.total, potholes.max]).toEqual([[2, 3, 1], 6, 3])
    expect(tables.find((t) => t.bucket === 'gone')).toMatchObject({ title: 'gone', total: 4, rows: [{ label: 'old' }] })
  })

  it('bars are a share of the largest count, to a tenth of a percent', () => {
    expect([barWidth(0, 0), barWidth(3, 3), barWidth(1, 3), barWidth(2, 3)]).toEqual([0, 100, 33.3, 66.7])
    expect(countFormat('en')(1234567)).toBe('1,234,567')
    expect(countFormat('en-a1')(1234567)).toMatch(/^1\D?234\D?567$/)
  })

  it('the token: off when unset or blank, denied unless the bearer token matches', () => {
    expect(automationAccess(undefined, 'Bearer x')).toBe('off')
    expect(automationAccess('  ', 'Bearer ')).toBe('off')
    expect(automationAccess('secret', 'Bearer secret')).toBe('allowed')
    expect(automationAccess('secret', 'bearer  secret')).toBe('allowed')
    for (const header of [undefined, '', 'Bearer', 'Bearer secreT', 'Bearer secret2', 'Basic secret', 'secret']) {
      expect(automationAccess('secret', header)).toBe('denied')
    }
  })
})
