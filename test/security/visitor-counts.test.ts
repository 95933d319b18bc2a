// Attacks on the report's visitor counts (docs/report.md, "What is counted"):
// a crawler or script that never sends cookies back, form posts without
// cookies, and forged storyline cookies. None may count a visitor more than
// once, and none writes anything to the bus on its request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

const visitors = async () =>
  ((await (await fetch(`${server.url}/report`)).json()) as { visitors: { storyline: string; count: number }[] })
    .visitors
const total = async () => (await visitors()).reduce((sum, v) => sum + v.count, 0)

describe('visitor counts cannot be inflated by requests that never come back', () => {
  it('a crawler without cookies, and form posts without cookies, count nobody however often they come', async () => {
    for (let i = 0; i < 20; i++) {
      const page = await fetch(`${server.url}/`)
      expect(page.headers.getSetCookie().some((line) => line.startsWith('svc_story_drawn=1'))).toBe(true)
      await page.text()
    }
    for (let i = 0; i < 5; i++) {
      const post = await fetch(`${server.url}/file/potholes`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: 'street=Bot+Road+1&kind=pothole',
        redirect: 'manual',
      })
      await post.text()
    }
    expect(await total()).toBe(0)
  })

  it('a forged storyline cookie is replaced, counted once when the visitor comes back, and not echoed', async () => {
    const before = await total()
    const forged = await fetch(`${server.url}/about`, {
      headers: { cookie: 'svc_story=%3Cscript%3E; svc_story_drawn=1' },
    })
    const body = await forged.text()
    expect(body).not.toContain('%3Cscript%3E')
    expect(forged.headers.getSetCookie().join()).not.toMatch(/script/i)
    const cookies = forged.headers.getSetCookie().map((line) => line.split(';')[0]!)
    expect(cookies.find((c) => c.startsWith('svc_story='))).toMatch(/^svc_story=(plain|story)$/)
    expect(await total()).toBe(before)
    // Back with what it was given: counted, and the mark goes.
    const back = await fetch(`${server.url}/about`, { headers: { cookie: cookies.join('; ') } })
    await back.text()
    expect(back.headers.getSetCookie().some((line) => /^svc_story_drawn=;/.test(line))).toBe(true)
    expect(await total()).toBe(before + 1)
    // And never again with the storyline alone.
    const storyline = cookies.find((c) => c.startsWith('svc_story='))!
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/about`, { headers: { cookie: storyline } })).text()
    expect(await total()).toBe(before + 1)
  })
})
