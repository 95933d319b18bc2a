// Issue 30 on the built service over NATS: visitors given their storyline
// through the cookie, known numbers of cases filed with that cookie through
// POST /file/potholes and moved by a caseworker on the desk, and the report's
// HTML, JSON and CSV agreeing, "reached" included after a case left a state;
// a second instance counting at once and stopping loses no visitor; axe on
// the page at 360 and 1280 px.
import type { Browser } from 'playwright-core'
import { ELEMENT_NODE, parse, walkSync, type ElementNode, type Node } from 'ultrahtml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportCounts, type ReportCounts } from '../../server/report/report-counts'
import { wilson } from '../../server/report/statistics'
import { axeViolations } from '../a11y/axe'
import { waitFor } from '../bus/wait'
import { launchChromium } from '../support/browser'
import { PEOPLE } from '../desk/desk-world'
import { bucketForm, createCookieFetch, openPage, postForm } from '../visitor/visitor-client'
import { fileOverHttp, moveOverHttp, signedIn, startReportWorld, type ReportWorld } from './report-world'

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

let world: ReportWorld
let forgedTo = ''

/** A visitor coming back with storyline `storyline` drawn for them: counted once. */
const returning = (base: string, storyline: string) =>
  fetch(`${base}/`, { headers: { cookie: `svc_story=${storyline}; svc_story_drawn=1` } }).then((r) => r.text())

/** Runs `tasks`, a few at once: as many as a small site sees together, and no more than two cores serve well. */
async function inTurns<T>(tasks: (() => Promise<T>)[], atOnce = 6): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++
      results[i] = await tasks[i]!()
    }
  }
  await Promise.all([...Array(atOnce).keys()].map(worker))
  return results
}

const json = async (base = world.server.url) => (await (await fetch(`${base}/report`)).json()) as ReportCounts

beforeAll(async () => {
  world = await startReportWorld(
    {},
    PEOPLE.filter((person) => person.id === 'kari'),
  )
  const base = world.server.url
  // A forged storyline: a fresh draw, not counted until the visitor comes back with it, then once.
  const forged = await fetch(`${base}/`, { headers: { cookie: 'svc_story=nosuch' } })
  const cookies = forged.headers.getSetCookie().map((line) => line.split(';')[0]!)
  forgedTo = cookies.find((c) => c.startsWith('svc_story='))!.slice('svc_story='.length)
  expect(cookies).toContain('svc_story_drawn=1')
  expect((await json()).visitors.every((v) => v.count === 0)).toBe(true)
  await fetch(`${base}/`, { headers: { cookie: cookies.join('; ') } }).then((r) => r.text())
  await fetch(`${base}/`, { headers: { cookie: `svc_story=${forgedTo}` } }).then((r) => r.text())
  // 100 visitors each.
  for (const storyline of ['plain', 'story'])
    for (let i = storyline === forgedTo ? 1 : 0; i < 100; i++) await returning(base, storyline)

  // 40 of plain's visitors filed and 20 of story's, through the home page's form with their storyline's cookie;
  // a caseworker accepts 10 and 4 on the case desk, and schedules 5 and 4 of those.
  const filed = await inTurns(
    [...Array(60).keys()].map((i) => () => {
      const storyline = i < 40 ? 'plain' : 'story'
      return fileOverHttp(base, storyline, 'potholes', { street: `Lane ${i}`, kind: 'pothole' })
    }),
  )
  const [plain, story] = [filed.slice(0, 40), filed.slice(40)]
  const kari = await signedIn(base, 'kari')
  const accept = (ids: string[], accepted: number, scheduled: number) =>
    ids.slice(0, accepted).map((id, i) => () => {
      const edges = i < scheduled ? ['accept', 'schedule'] : ['accept']
      return moveOverHttp(kari, base, 'caseworkers', { bucket: 'potholes', id }, ...edges)
    })
  await inTurns([...accept(plain, 10, 5), ...accept(story, 4, 4)])
  await waitFor(
    async () => (await json()).counts.reduce((sum, c) => sum + c.reached, 0) === 60 + 10 + 5 + 4 + 4,
    15_000,
    'the service to count every filing and move',
  )
}, 180_000)
afterAll(() => world?.stop())

const entry = (counts: ReportCounts, storyline: string, state: string) =>
  counts.counts.find((c) => c.bucket === 'potholes' && c.storyline === storyline && c.state === state)

describe('GET /report compares storylines (issue 30)', () => {
  it('JSON: visitors per storyline counted once each, forged cookie included; "reached" beside "now in"', async () => {
    const body = await json()
    expect(Object.keys(body)).toEqual(['counts', 'visitors'])
    expect(body.visitors).toEqual([
      { storyline: 'plain', count: 100 },
      { storyline: 'story', count: 100 },
    ])
    expect(['plain', 'story']).toContain(forgedTo)
    for (const c of body.counts) expect(Object.keys(c)).toEqual(['bucket', 'storyline', 'state', 'count', 'reached'])
    expect(entry(body, 'plain', 'new')).toMatchObject({ count: 30, reached: 40 })
    expect(entry(body, 'plain', 'accepted')).toMatchObject({ count: 5, reached: 10 })
    expect(entry(body, 'plain', 'scheduled')).toMatchObject({ count: 5, reached: 5 })
    // Every story case that was accepted has moved on: none in it now, four reached it.
    expect(entry(body, 'story', 'accepted')).toMatchObject({ count: 0, reached: 4 })
    expect(entry(body, 'story', 'new')).toMatchObject({ count: 16, reached: 20 })
    // The same as the writer's own index.
    const own = reportCounts(world.index.counts(), world.index.reached(), body.visitors)
    expect(body.counts).toEqual(own.counts)
  })

  it('CSV: the same numbers, a row per triple and per storyline', async () => {
    const [body, response] = await Promise.all([json(), fetch(`${world.server.url}/report.csv`)])
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = (await response.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('kind,bucket,storyline,state,count,reached')
    expect(lines.slice(1)).toEqual([
      ...body.counts.map((c) => `state,${c.bucket},${c.storyline},${c.state},${c.count},${c.reached}`),
      ...body.visitors.map((v) => `visitors,,${v.storyline},,${v.count},`),
    ])
  })

  it('HTML: the same numbers with 95% intervals, a test and a verdict, in staff words whatever the reader has', async () => {
    const [body, response] = await Promise.all([
      json(),
      fetch(`${world.server.url}/report`, { headers: { accept: browserAccept, cookie: 'svc_story=story' } }),
    ])
    const page = await response.text()
    expect(page).not.toMatch(/NaN|Infinity|undefined/)
    const nodes = elements(page)
    const cell = (measure: string, storyline: string) => {
      const row = find(nodes, 'potholes', (e) => e.name === 'tr' && e.attributes['data-measure'] === measure)
      return text(childElements(row).find((e) => e.attributes['data-storyline'] === storyline))
    }
    const spokenCell = (measure: string, storyline: string) => {
      const row = find(nodes, 'potholes', (e) => e.name === 'tr' && e.attributes['data-measure'] === measure)
      return spoken(childElements(row).find((e) => e.attributes['data-storyline'] === storyline))
    }
    const testCell = (measure: string) => {
      const row = find(nodes, 'potholes', (e) => e.name === 'tr' && e.attributes['data-measure'] === measure)
      return text(childElements(row).find((e) => 'data-test' in e.attributes))
    }
    expect([cell('visitors', 'plain'), cell('visitors', 'story')]).toEqual(['100', '100'])
    expect([cell('filed', 'plain'), cell('filed', 'story')]).toEqual(['40', '20'])
    // 40 of 100: 40.0 (30.9–49.8), worked out by hand in statistics.test.ts.
    expect(cell('filing', 'plain')).toBe('40.0 (30.9–49.8) 40 of 100')
    expect(cell('filing', 'story')).toBe(`${shareOf(20, 100, '')} 20 of 100`)
    // The row says what the number is; a screen reader hears the interval in words, not brackets and a dash.
    expect(text(find(nodes, 'potholes', (e) => e.name === 'tr' && e.attributes['data-measure'] === 'filing'))).toMatch(
      /^Filed per 100 visitors/,
    )
    expect(spokenCell('filing', 'plain')).toBe('40.0 per 100 visitors, 95% interval 30.9 to 49.8 40 of 100')
    expect(spokenCell('reached:accepted', 'story')).toBe('20.0 percent, 95% interval 8.1 to 41.6 percent 4 of 20')
    // [[40, 60], [20, 80]]: chi-square 9.52 on 1 df, p = 0.002.
    expect(testCell('filing')).toBe('p = 0.002: plain leads by 20.0 points')
    // Reached, from the JSON: accepted counts the cases that moved on to scheduled.
    for (const [storyline, filed] of [
      ['plain', 40],
      ['story', 20],
    ] as const)
      for (const state of ['new', 'accepted', 'scheduled', 'closed']) {
        const reached = entry(body, storyline, state)?.reached ?? 0
        expect(cell(`reached:${state}`, storyline)).toBe(`${shareOf(reached, filed, '%')} ${reached} of ${filed}`)
      }
    expect(cell('reached:accepted', 'story')).toBe('20.0% (8.1–41.6%) 4 of 20')
    // Every case reached `new`: no difference there to test.
    expect(testCell('reached:new')).toBe('nothing to test yet')
    // [[10, 30], [4, 16]]: chi-square 0.186 on 1 df.
    expect(testCell('reached:accepted')).toBe('p = 0.666: no difference shown yet')
    expect(page).toContain('Filing: plain leads, with 20.0 more filed per 100 visitors than story (p = 0.002).')
    // Labels in staff words (the demo's first storyline), though this reader was given story.
    const potholes = world.site.buckets.get('potholes')!
    const accepted = potholes.states.find((s) => s.name === 'accepted')!.label
    expect(page).toContain(`>${potholes.title[0]}</h2>`)
    expect(page).toContain(`Reached ${accepted[0]}</th>`)
    if (accepted[1] !== accepted[0]) expect(page).not.toContain(`Reached ${accepted[1]}</th>`)
    // Districts hold no records: nothing to compare, and no warning about the even split.
    expect(text(find(nodes, 'districts', (e) => e.attributes['data-compare'] === 'nothing'))).toBe(
      'Nothing to compare yet: no records.',
    )
    expect(page).not.toContain('report-warning')
    expect(page).toContain('<a href="/report.csv" type="text/csv">')
  })

  it('two instances counting at once, one then stopping, lose no visitor', async () => {
    const two = await world.startService()
    const before = (await json()).visitors
    await Promise.all([
      (async () => {
        for (let i = 0; i < 30; i++) await returning(world.server.url, 'plain')
      })(),
      (async () => {
        for (let i = 0; i < 30; i++) await returning(two.url, 'plain')
      })(),
    ])
    // The second instance's counts reach the bus when it stops, if its timer has not taken them already.
    await two.stop()
    const after = (await json()).visitors
    expect(after).toEqual([
      { storyline: 'plain', count: before[0]!.count + 60 },
      { storyline: 'story', count: before[1]!.count },
    ])
  })
})

describe('a visitor who files before they were counted (docs/report.md, "What is counted")', () => {
  const total = async () => (await json()).visitors.reduce((sum, v) => sum + v.count, 0)
  const filedIn = async (storyline: string) =>
    (await json()).counts.find((c) => c.bucket === 'potholes' && c.storyline === storyline && c.state === 'new')
      ?.reached ?? 0

  it('is counted once, on the page the filing sends them to, under the storyline the filing drew', async () => {
    const base = world.server.url
    // The form's token is signed over the visitor cookie, so a post with no cookie at all files nothing.
    const bare = await fetch(`${base}/file/potholes`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: 'street=Bare+Road&kind=pothole',
      redirect: 'manual',
    })
    await bare.text()
    expect(bare.status).not.toBe(303)
    // A browser holding the form and its visitor cookie, and no storyline (its cookie cleared, or naming one the
    // site dropped): the filing is its first request without one, and draws it.
    const shown = createCookieFetch()
    const form = bucketForm((await openPage(shown, `${base}/`)).html, base, 'potholes')
    const browser = createCookieFetch()
    browser.setCookie(base, 'svc_visitor', shown.cookie(base, 'svc_visitor')!)
    const before = { total: await total(), plain: await filedIn('plain'), story: await filedIn('story') }
    const filed = await postForm(browser, form.action, {
      ...form.hidden,
      ...form.selected,
      street: 'First Lane 1',
      kind: 'pothole',
    })
    await filed.text()
    expect(filed.status).toBe(303)
    const storyline = browser.cookie(base, 'svc_story')!
    expect(['plain', 'story']).toContain(storyline)
    expect(browser.cookie(base, 'svc_story_drawn')).toBe('1')
    expect(await total()).toBe(before.total)
    // Filed under the storyline drawn for it.
    await waitFor(
      async () => (await filedIn(storyline)) === before[storyline as 'plain' | 'story'] + 1,
      5000,
      'the case',
    )
    const after = await json()
    // Back on the page the filing sent them to: counted now, under that storyline, and the mark goes.
    const landing = await openPage(browser, `${base}${filed.headers.get('location')}`)
    expect(landing.status).toBe(200)
    expect(browser.cookie(base, 'svc_story_drawn')).toBeUndefined()
    const counted = await json()
    expect(counted.visitors).toEqual(
      after.visitors.map((v) => ({ ...v, count: v.count + (v.storyline === storyline ? 1 : 0) })),
    )
    // Once: more pages, and the same one again, count no more.
    for (const path of ['/', '/about', filed.headers.get('location')!]) await openPage(browser, `${base}${path}`)
    expect((await json()).visitors).toEqual(counted.visitors)
  })
})

describe('the report in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(() => browser?.close())

  it('passes axe (WCAG 2.2 AA) at 360 and 1280 px, and the page does not scroll sideways', async () => {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } })
      const page = await context.newPage()
      await page.goto(`${world.server.url}/report`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await axeViolations(page), `${width} px`).toEqual([])
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      )
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0)
      await context.close()
    }
  })
})

/** `hits` of `trials` as the page writes it: 40.0% (30.9–49.8%). */
function shareOf(hits: number, trials: number, unit: string): string {
  const interval = wilson(hits, trials)!
  const p = (x: number) => (x * 100).toFixed(1)
  return `${p(interval.share)}${unit} (${p(interval.low)}–${p(interval.high)}${unit})`
}

function elements(markup: string): ElementNode[] {
  const found: ElementNode[] = []
  walkSync(parse(markup), (node) => {
    if (node.type === ELEMENT_NODE) found.push(node)
  })
  return found
}

function childElements(node: Node | undefined): ElementNode[] {
  return ((node?.children ?? []) as Node[]).filter((child): child is ElementNode => child.type === ELEMENT_NODE)
}

function descendants(node: Node | undefined): ElementNode[] {
  return childElements(node).flatMap((child) => [child, ...descendants(child)])
}

/** The text a reader sees: what is there for screen readers only left out. */
function text(node: Node | undefined): string {
  return textFor(node, (e) => e.attributes.class === 'visually-hidden')
}

/** The text a screen reader reads: what is hidden from it left out. */
function spoken(node: Node | undefined): string {
  return textFor(node, (e) => e.attributes['aria-hidden'] === 'true')
}

function textFor(node: Node | undefined, skip: (element: ElementNode) => boolean): string {
  if (node === undefined) return ''
  if (node.type !== ELEMENT_NODE) return String(node.value ?? '')
  if (skip(node)) return ''
  return (node.children ?? []).map((child) => textFor(child, skip)).join('')
}

function find(nodes: ElementNode[], bucket: string, match: (element: ElementNode) => boolean): ElementNode | undefined {
  const section = nodes.find((e) => e.name === 'section' && e.attributes['data-bucket'] === bucket)
  return descendants(section).find(match)
}
