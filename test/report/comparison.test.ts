// The storyline comparison from counts alone, on bad and odd input (issue 30,
// "Bad input"): one storyline, no records, zero cells, more filed than
// visitors counted, an uneven split of visitors. Nothing turns into NaN.
import { beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { renderReport } from '../../server/render/report'
import { compareStorylines } from '../../server/report/comparison'
import { reportCounts } from '../../server/report/report-counts'
import { loadDemo } from '../support/demo-site'

let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
})

const potholes = (storyline: string, state: string, count: number, reached = count) => ({
  bucket: 'potholes',
  storyline,
  state,
  count,
  reached,
})
const counted = (entries: ReturnType<typeof potholes>[], plain: number, story: number) =>
  reportCounts(
    entries.map(({ bucket, storyline, state, count }) => ({ bucket, storyline, state, count })),
    entries.map(({ bucket, storyline, state, reached }) => ({ bucket, storyline, state, count: reached })),
    [
      { storyline: 'plain', count: plain },
      { storyline: 'story', count: story },
    ],
  )
const page = (counts: ReturnType<typeof counted>, on = site) =>
  renderReport({ site: on, story: 0, counts, assets: { css: '/pkg/site.css' }, jsonHref: '/j', csvHref: '/c' })

describe('comparing storylines', () => {
  it('says there is nothing to compare for a site of one storyline or a bucket without records', () => {
    const counts = counted([potholes('plain', 'new', 3)], 10, 0)
    const one = { ...site, storylines: ['plain'] }
    expect(compareStorylines(one, counts).buckets.every((b) => b.nothing === 'one-storyline')).toBe(true)
    const two = compareStorylines(site, counts)
    expect(two.buckets.find((b) => b.bucket === 'districts')?.nothing).toBe('no-records')
    expect(page(counts, one)).toContain('Nothing to compare: the site tells one storyline.')
    expect(page(counted([], 0, 0))).not.toMatch(/NaN|Infinity/)
  })

  it('computes intervals for zero cells and says "not yet" with the visitors still needed', () => {
    const compared = compareStorylines(
      site,
      counted([potholes('plain', 'new', 0, 0), potholes('story', 'new', 2)], 50, 50),
    )
    const bucket = compared.buckets.find((b) => b.bucket === 'potholes')!
    expect(bucket.nothing).toBeNull()
    expect(bucket.filing!.shares[0]!.interval).toMatchObject({ share: 0, low: 0 })
    expect(bucket.filing!.verdict).toEqual({ kind: 'not-yet' })
    // Pooled rate 2%: 5 points more needs (1.96·√(2·0.045·0.955) + 0.8416·√(0.0196 + 0.0651))² / 0.0025 = 269 per storyline.
    expect(bucket.needed).toEqual({ perStoryline: 269, more: 219 })
    // Filed of none: shares of states with no filings have no interval, and no test.
    const closed = bucket.states.find((s) => s.state === 'closed')!
    expect(closed.shares[0]!.interval).toBeNull()
    const html = page(counted([potholes('plain', 'new', 0, 0), potholes('story', 'new', 2)], 50, 50))
    expect(html).not.toMatch(/NaN|Infinity/)
    // 0 of 50: the upper bound is z² / (n + z²) = 3.84 / 53.84.
    expect(html).toContain(
      '<span class="report-share"><span aria-hidden="true">0.0 (0.0–7.1)</span>' +
        '<span class="visually-hidden">0.0 per 100 visitors, 95% interval 0.0 to 7.1</span></span> ' +
        '<span class="report-of">0 of 50</span>',
    )
    // The sentence a site owner reads under the table, with the numbers worked out above.
    expect(html).toContain(
      '<p class="report-verdict">To show a difference of 5 points in filing rate (80% power, 5% level), each ' +
        'storyline needs about 269 visitors: 219 more than the storyline with the fewest has now.</p>',
    )
  })

  it('writes a p-value under 0.001 as "p < 0.001" in the test cells, for filing and for a state reached', () => {
    // Filing [[40, 60], [10, 90]]: chi-square 24 on 1 df, p = 1e-6. Accepted among filed
    // [[35, 5], [1, 9]]: chi-square 23.8 on 1 df, p = 1e-6.
    const counts = counted(
      [
        potholes('plain', 'new', 5, 40),
        potholes('plain', 'accepted', 35),
        potholes('story', 'new', 9, 10),
        potholes('story', 'accepted', 1),
      ],
      100,
      100,
    )
    const bucket = compareStorylines(site, counts).buckets.find((b) => b.bucket === 'potholes')!
    expect(bucket.filing!.test!.p).toBeLessThan(0.001)
    expect(bucket.states.find((s) => s.state === 'accepted')!.test!.p).toBeLessThan(0.001)
    const html = page(counts)
    expect(html).toContain('<td data-test>p &lt; 0.001: plain leads by 30.0 points</td></tr>')
    expect(html).toContain('<td data-test>p &lt; 0.001: plain leads by 77.5 points</td></tr>')
    expect(html).toContain(
      '<p class="report-verdict">Filing: plain leads, with 30.0 more filed per 100 visitors than story (p &lt; 0.001).</p>',
    )
    // A difference shown: no count of visitors still needed.
    expect(bucket.needed).toBeNull()
    expect(html).not.toContain('To show a difference')
  })

  it('does not compare filing rates when more were filed than visitors counted', () => {
    const counts = counted([potholes('plain', 'new', 30), potholes('story', 'new', 2)], 10, 10)
    const bucket = compareStorylines(site, counts).buckets.find((b) => b.bucket === 'potholes')!
    expect(bucket.filing).toBeNull()
    expect(bucket.needed).toBeNull()
    expect(page(counts)).toContain('More records were filed than visitors counted')
  })

  it('warns when visitors are not split evenly (p < 0.001), and not for chance', () => {
    expect(compareStorylines(site, counted([], 1000, 800)).sampleRatio?.p).toBeLessThan(0.001)
    expect(compareStorylines(site, counted([], 1000, 960)).sampleRatio).toBeNull()
    expect(page(counted([], 1000, 800))).toContain(
      'Warning: visitors are not split evenly between the storylines (p &lt; 0.001)',
    )
  })
})
