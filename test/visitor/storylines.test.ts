// SPEC 1, Storylines: one storyline per visitor, read on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, SiteModel, Text } from '../../server/content/model'
import { escaped, loadDemo } from '../support/demo-site'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let site: SiteModel
beforeAll(async () => {
  site = await loadDemo()
  server = await startServer()
})
afterAll(() => server?.stop())

const fetchAs = async (path: string, storyline: string) =>
  (await fetch(`${server.url}${path}`, { headers: { cookie: `svc_story=${storyline}` } })).text()

/** Short texts shown verbatim on a page: its title, its forms' field labels, its lists' bucket titles. */
function verbatimTexts(page: Page): Text[] {
  const texts: Text[] = [page.title]
  for (const block of page.blocks) {
    if (block.kind === 'form') texts.push(...(site.buckets.get(block.bucket)?.fields.map((f) => f.label) ?? []))
    if (block.kind === 'list') texts.push(block.title ?? site.buckets.get(block.bucket)?.title ?? [])
  }
  return texts.filter((t) => new Set(t).size > 1)
}

describe('Storylines', () => {
  it(
    'Storylines 3 (What the service does 7): a visitor is given exactly one storyline, uniformly at random, ' +
      'kept in a cookie',
    async () => {
      const given = new Map<string, number>()
      for (let i = 0; i < 200; i++) {
        const res = await fetch(`${server.url}/`)
        const cookie = /svc_story=([a-z_]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? 'none'
        given.set(cookie, (given.get(cookie) ?? 0) + 1)
      }
      expect([...given.keys()].sort()).toEqual([...site.storylines].sort())
      // Uniform: each of the two gets between 30% and 70% (a miss has odds below one in a million).
      for (const count of given.values()) expect(count).toBeGreaterThan(60)
      const kept = await fetch(`${server.url}/`, { headers: { cookie: 'svc_story=story' } })
      expect(kept.headers.getSetCookie().some((line) => line.startsWith('svc_story='))).toBe(false)
      const stale = await fetch(`${server.url}/`, { headers: { cookie: 'svc_story=gone' } })
      expect(stale.headers.get('set-cookie')).toMatch(/svc_story=(plain|story);.*Max-Age=31536000/)
    },
  )

  it('Storylines 4: the storyline is read on every page; two visitors see different texts, none sees two', async () => {
    const pages = site.pages.filter((p) => p.access === 'public' && !p.path.includes(':'))
    expect(pages.length).toBeGreaterThan(4)
    for (const page of pages) {
      const bodies = await Promise.all(site.storylines.map((s) => fetchAs(page.path, s)))
      expect(bodies[0], page.path).not.toBe(bodies[1])
      const texts = verbatimTexts(page)
      expect(texts.length, `${page.file} has no storyline texts`).toBeGreaterThan(0)
      bodies.forEach((body, story) => {
        for (const text of texts) {
          expect(body, `${page.path} in ${site.storylines[story]}`).toContain(escaped(text[story] ?? ''))
          text.forEach((other, i) => {
            if (i !== story && other !== text[story])
              expect(body, `${page.path} shows "${other}" in storyline ${site.storylines[story]}`).not.toContain(
                `>${escaped(other)}<`,
              )
          })
        }
      })
    }
  })

  it('Storylines 1: the site name and footer are told in the visitor storyline too', async () => {
    const [plain, story] = await Promise.all(site.storylines.map((s) => fetchAs('/about', s)))
    const tagline = site.branding.tagline ?? []
    expect(plain).toContain(escaped(tagline[0] ?? ''))
    expect(plain).not.toContain(escaped(tagline[1] ?? ''))
    expect(story).toContain(escaped(tagline[1] ?? ''))
  })
})
