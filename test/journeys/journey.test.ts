// The whole story on NATS with two instances: a visitor files a case on one,
// a caseworker works it on the other, the visitor sees the new state and a
// self move, and /report counts it under the visitor's storyline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import type { SiteModel } from '../../server/content/model'
import { staffStory } from '../../server/content/staff-story'
import { launchChromium } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startDevServer, type RunningServer } from '../support/server'

let nats: NatsServer
let a: RunningServer
let b: RunningServer
let siteA: string
let siteB: string
let browser: Browser
let site: SiteModel

async function devInstance(busUrl: string): Promise<{ server: RunningServer; url: string }> {
  const server = await startDevServer({ BUS_URL: busUrl })
  return { server, url: server.site }
}

beforeAll(async () => {
  nats = await startNatsServer()
  const [first, second, chromium, demo] = await Promise.all([
    devInstance(nats.url),
    devInstance(nats.url),
    launchChromium(),
    loadDemo(),
  ])
  ;({ server: a, url: siteA } = first)
  ;({ server: b, url: siteB } = second)
  browser = chromium
  site = demo
})
afterAll(async () => {
  await browser?.close()
  await Promise.all([a?.stop(), b?.stop()])
  await nats?.stop()
})

describe('a case from filing to the report, across two instances', () => {
  it(
    'What the service does 3: is filed, found on a desk, moved, seen by its submitter with a self move, and counted',
    { timeout: 90_000 },
    async () => {
      const bucket = site.buckets.get('potholes')
      const label = (story: number, state: string) =>
        bucket?.states.find((s) => s.name === state)?.label[story] ?? state

      // The visitor, on instance A, without signing in.
      const visitor = await (
        await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true })
      ).newPage()
      visitor.setDefaultTimeout(10_000)
      await visitor.goto(`${siteA}/`)
      const storyline = (await visitor.context().cookies()).find((c) => c.name === 'svc_story')?.value ?? ''
      const story = site.storylines.indexOf(storyline)
      expect(story).toBeGreaterThanOrEqual(0)
      await visitor.getByLabel(bucket?.fields[0]?.label[story] ?? 'street').fill('Journey Lane 7')
      await visitor.locator('#f-potholes-kind').check()
      await visitor.getByRole('button', { name: 'Send' }).click()
      await visitor.waitForURL(/\/\?filed=/)
      const id = new URL(visitor.url()).searchParams.get('filed') ?? ''
      expect(id).toMatch(/^[A-Za-z0-9_-]{16,}$/)

      // The caseworker, on instance B, signs in through the development provider.
      const staff = await (await browser.newContext()).newPage()
      staff.setDefaultTimeout(10_000)
      await staff.goto(`${siteB}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers')}`)
      await staff.getByRole('button', { name: 'Sign in as Kari Caseworker' }).click()
      await staff.waitForURL(`${siteB}/desk/caseworkers`)
      await expect
        .poll(
          async () => {
            await staff.reload()
            return staff.getByRole('link', { name: 'Journey Lane 7' }).count()
          },
          { timeout: 10_000 },
        )
        .toBe(1)
      await staff.getByRole('link', { name: 'Journey Lane 7' }).click()
      await staff.waitForURL(`${siteB}/desk/caseworkers/potholes/${id}`)
      // Staff read desks in the staff storyline (the site's first), whatever their browser was given.
      const deskStory = staffStory(site)
      for (const move of ['accept', 'fix']) {
        const button = bucket?.moves.find((m) => m.name === move)?.label[deskStory] ?? move
        await staff.getByRole('button', { name: button }).click()
        await staff.waitForURL(new RegExp(`/desk/caseworkers/potholes/${id}\\?moved=${move}`))
      }
      await expect(staff.locator('main').textContent()).resolves.toContain(label(deskStory, 'fixed'))

      // Back on instance A, the visitor sees the new state and their self move.
      await visitor.goto(`${siteA}/my-reports`)
      const item = visitor.locator('.record-item', { hasText: 'Journey Lane 7' })
      await expect
        .poll(
          async () => {
            await visitor.reload()
            return item.locator('.record-state').textContent()
          },
          { timeout: 10_000 },
        )
        .toBe(label(story, 'fixed'))
      const stillBroken = bucket?.self.find((m) => m.name === 'still_broken')?.label[story] ?? 'still broken'
      await item.getByRole('button', { name: stillBroken }).click()
      await visitor.waitForURL(/\/my-reports\?moved=/)
      await expect(item.locator('.record-state').textContent()).resolves.toBe(label(story, 'accepted'))

      // Both instances count it under the visitor's storyline, in its state now, and as having reached
      // each state it passed through once (accepted, though it went on to fixed and came back).
      for (const url of [siteA, siteB]) {
        await expect
          .poll(
            async () => {
              const { counts } = (await (await fetch(`${url}/report`)).json()) as {
                counts: { bucket: string; storyline: string; state: string; count: number; reached: number }[]
              }
              return counts
            },
            { timeout: 10_000 },
          )
          .toEqual([
            { bucket: 'potholes', storyline, state: 'accepted', count: 1, reached: 1 },
            { bucket: 'potholes', storyline, state: 'fixed', count: 0, reached: 1 },
            { bucket: 'potholes', storyline, state: 'new', count: 0, reached: 1 },
          ])
      }
    },
  )
})
