// SPEC 1 rules 6-7, 2 "Report counts", 4 and 5 rule 8: GET /report on the
// built service, over NATS, fed by records filed from another connection.
import { ELEMENT_NODE, parse, walkSync, type ElementNode, type Node } from 'ultrahtml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reportCounts } from '../../server/report/report-counts'
import { waitFor } from '../bus/wait'
import { fileRecord, moveRecord, startReportWorld, type ReportWorld } from './report-world'

// What the records below add up to, sorted by bucket, storyline, state. The
// story potholes' `accepted` is passed through: none is in it now, one reached it.
const expected = [
  { bucket: 'districts', storyline: 'plain', state: 'active', count: 1, reached: 1 },
  { bucket: 'districts', storyline: 'story', state: 'active', count: 1, reached: 2 },
  { bucket: 'districts', storyline: 'story', state: 'retired', count: 1, reached: 1 },
  { bucket: 'potholes', storyline: 'plain', state: 'accepted', count: 1, reached: 1 },
  { bucket: 'potholes', storyline: 'plain', state: 'new', count: 2, reached: 4 },
  { bucket: 'potholes', storyline: 'plain', state: 'rejected', count: 1, reached: 1 },
  { bucket: 'potholes', storyline: 'story', state: 'accepted', count: 0, reached: 1 },
  { bucket: 'potholes', storyline: 'story', state: 'new', count: 1, reached: 2 },
  { bucket: 'potholes', storyline: 'story', state: 'scheduled', count: 1, reached: 1 },
]
// Nobody has visited: the records were filed from another connection.
const visitors = [
  { storyline: 'plain', count: 0 },
  { storyline: 'story', count: 0 },
]

let world: ReportWorld
beforeAll(async () => {
  world = await startReportWorld()
  const { records } = world
  const pothole = (storyline: string, street: string) =>
    fileRecord(records, 'potholes', storyline, { street, kind: 'pothole' })
  const district = (storyline: string, name: string) => fileRecord(records, 'districts', storyline, { name })
  const plain = await Promise.all(
    ['Mill Lane 1', 'Mill Lane 2', 'Mill Lane 3', 'Mill Lane 4'].map((street) => pothole('plain', street)),
  )
  const story = await Promise.all(['Quay 1', 'Quay 2'].map((street) => pothole('story', street)))
  await district('plain', 'North')
  const districts = await Promise.all(['East', 'West'].map((name) => district('story', name)))
  await moveRecord(records, plain[0]!, 'accept')
  await moveRecord(records, plain[1]!, 'reject')
  await moveRecord(records, story[0]!, 'accept', 'schedule')
  await moveRecord(records, districts[0]!, 'retire')
  await waitFor(
    async () =>
      (await (await fetch(`${world.server.url}/report`)).text()) === JSON.stringify({ counts: expected, visitors }),
    15_000,
    'the service to count every record',
  )
})
afterAll(() => world?.stop())

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'

describe('Endpoints: GET /report', () => {
  it(
    'Report counts (Storylines 6, What the service does 6): the report groups a count by the triple (bucket, ' +
      'storyline, state). It carries no other data',
    async () => {
      const response = await fetch(`${world.server.url}/report`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^application\/json\b/)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('vary')).toMatch(/accept/i)
      const body: unknown = JSON.parse(await response.text())
      expect(body).toStrictEqual({ counts: expected, visitors })
      const { counts } = body as { counts: Record<string, unknown>[] }
      expect(Object.keys(body as object)).toEqual(['counts', 'visitors'])
      for (const entry of counts) {
        expect(Object.keys(entry)).toEqual(['bucket', 'storyline', 'state', 'count', 'reached'])
        expect(Number.isInteger(entry.count) && (entry.count as number) >= 0).toBe(true)
        // Whatever is in a state now entered it.
        expect((entry.reached as number) >= Math.max(1, entry.count as number)).toBe(true)
      }
    },
  )

  it("matches the writer's own index exactly: never-reached triples left out, sorted by bucket, storyline, state", async () => {
    const { counts } = (await (await fetch(`${world.server.url}/report`)).json()) as { counts: typeof expected }
    expect(counts).toEqual(reportCounts(world.index.counts(), world.index.reached(), []).counts)
    const key = (c: (typeof expected)[number]) => [c.bucket, c.storyline, c.state]
    const sorted = [...counts].sort((a, b) => (key(a).join('\0') < key(b).join('\0') ? -1 : 1))
    expect(counts).toEqual(sorted)
    expect(counts.some((c) => c.bucket === 'potholes' && c.storyline === 'story' && c.state === 'fixed')).toBe(false)
  })

  it('Authentication 8: needs no credential: no cookie, no header, and it starts no session', async () => {
    const response = await fetch(`${world.server.url}/report`, { headers: {} })
    expect(response.status).toBe(200)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('a browser sees the same numbers: one table per bucket, in staff words, with totals and bars', async () => {
    const response = await fetch(`${world.server.url}/report`, {
      headers: { accept: browserAccept, cookie: 'svc_story=story' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await response.text()
    const nodes = elements(page)
    for (const { bucket, storyline, state, count } of expected) {
      const cell = find(nodes, bucket, (e) => e.name === 'tr' && e.attributes['data-state'] === state)
      const td = childElements(cell).find((e) => e.name === 'td' && e.attributes['data-storyline'] === storyline)
      expect(text(td), `${bucket}/${storyline}/${state}`).toBe(String(count))
    }
    // Labels in the site's first storyline (staff words), whatever the reader's; storyline names as site.yaml gives them.
    const potholes = world.site.buckets.get('potholes')!
    expect(page).toContain(`>${potholes.title[0]}</h2>`)
    expect(page).toContain(`>${potholes.states.find((s) => s.name === 'scheduled')!.label[0]}</th>`)
    expect(page).not.toContain(`>${potholes.title[1]}</h2>`)
    for (const storyline of world.site.storylines) expect(page).toContain(`<th scope="col">${storyline}</th>`)
    // Totals: potholes hold 6 records (4 plain, 2 story), districts 3.
    const total = (bucket: string) =>
      text(
        childElements(find(nodes, bucket, (e) => e.name === 'tfoot'))
          .flatMap(childElements)
          .find((e) => 'data-total' in e.attributes),
      )
    expect([total('potholes'), total('districts')]).toEqual(['6', '3'])
    // Bars: sized against the bucket's largest count (2), each with its number as text.
    const bars = find(nodes, 'potholes', (e) => e.attributes.class === 'report-chart')
    const rows = descendants(bars).filter((e) => e.attributes.class === 'report-bar-row')
    expect(rows).toHaveLength(potholes.states.length * world.site.storylines.length)
    const widths = rows.map((row) => [
      text(descendants(row).find((e) => e.attributes.class === 'report-bar-value')),
      descendants(row).find((e) => e.name === 'rect')?.attributes.width,
    ])
    // Percent of the track, as the SVG bar's own width (no inline style: the page's CSP allows none).
    expect(widths).toContainEqual(['2', '100'])
    expect(widths).toContainEqual(['1', '50'])
    expect(widths).toContainEqual(['0', '0'])
    expect(page).toMatch(/<a href="\/report\?format=json" type="application\/json">/)
    expect(page).not.toMatch(/<script|<img[^>]*report/)
  })

  it("the page's JSON link answers JSON even to a browser", async () => {
    const response = await fetch(`${world.server.url}/report?format=json`, { headers: { accept: browserAccept } })
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/)
    expect(await response.json()).toEqual({ counts: expected, visitors })
  })
})

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

function text(node: Node | undefined): string {
  if (node === undefined) return ''
  if (node.type !== ELEMENT_NODE) return String(node.value ?? '')
  return (node.children ?? []).map(text).join('')
}

/** The first element in bucket's section that `match` accepts. */
function find(nodes: ElementNode[], bucket: string, match: (element: ElementNode) => boolean): ElementNode | undefined {
  const section = nodes.find((e) => e.name === 'section' && e.attributes['data-bucket'] === bucket)
  return descendants(section).find(match)
}
