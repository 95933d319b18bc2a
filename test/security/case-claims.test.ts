// Claiming at sign-in: a browser takes over only the cases it filed itself.
// A forged or made-up visitor cookie claims nothing, and the sign-in still
// completes; the case stays with the browser that filed it.
import { describe, expect, it } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { signIn } from '../auth/sign-in-flow'
import { useDeskWorld } from '../desk/desk-world'
import { readPage, textOf } from '../desk/page'
import { fileThrough, filedId } from '../visitor/visitor-client'

const world = useDeskWorld()

function browser(visitorCookie?: string): CookieFetch {
  const client = createCookieFetch()
  client.setCookie(world.service, 'svc_story', 'plain')
  if (visitorCookie !== undefined) client.setCookie(world.service, 'svc_visitor', visitorCookie)
  return client
}

const myReports = async (client: CookieFetch) =>
  readPage(await (await client(`${world.service}/my-reports`)).text())
    .all('li.record-item')
    .map(textOf)

describe('claiming cases at sign-in', () => {
  it("a made-up or malformed visitor cookie claims nobody's case, and the sign-in still completes", async () => {
    const victim = browser()
    const id = filedId(
      await fileThrough(victim, world.service, '/', 'potholes', { street: 'Victim Vale 1', kind: 'crack' }),
    )
    const filedBy = (await world.seeder.records.get('potholes', id))!.submitter
    expect(filedBy).toMatch(/^session:/)

    for (const forged of ['AAAAAAAAAAAAAAAAAAAAAA', '../../svc_sessions/x', filedBy]) {
      const attacker = browser(forged)
      await signIn(attacker, world.service, 'vera')
      expect(await myReports(attacker)).toEqual([])
    }
    expect((await world.seeder.records.get('potholes', id))!.submitter).toBe(filedBy)
    // The browser that filed it still has it.
    expect(await myReports(victim)).toEqual([expect.stringContaining('Victim Vale 1')])
  })
})
