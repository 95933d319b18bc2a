// Beyond the SPEC: with GIT_API_TOKEN and an `owner/name` content repository,
// accepting a suggestion opens a pull request on the content repository with
// the change as a commit; once it is merged and the site reloads, the
// suggestion is `applied`. Against a stand-in for the git host's API.
import { simpleParser } from 'mailparser'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startDevSite, type DevSite } from '../security/dev-site'
import { hostedFiles, startGitHostApi, type GitHostApi } from '../support/git-host-api'
import { DEMO } from '../support/server'
import { announcePush, untilServed } from '../support/content-push'
import { openSuggestForm, postSuggestion } from './suggest-client'

const TOKEN = 'content-host-token'
const SECRET = 'pull-request-webhook-secret'
const PAGE = '/potholes'
const KNORD = 'kari.nordmann@example.org'
const dataDir = mkdtempSync(join(tmpdir(), 'svc-suggestions-pr-'))
let host: GitHostApi
let site: DevSite
beforeAll(async () => {
  host = await startGitHostApi('acme/site', TOKEN)
  host.push(hostedFiles(DEMO))
  site = await startDevSite(
    {},
    {
      CONTENT_REPO: 'acme/site',
      GIT_API_URL: host.url,
      GIT_API_TOKEN: TOKEN,
      CONTENT_WEBHOOK_SECRET: SECRET,
      DATA_DIR: dataDir,
    },
  )
})
afterAll(async () => {
  await site?.stop()
  await host?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function mailTo(address: string, subject: RegExp) {
  const outbox = join(dataDir, 'outbox')
  for (const name of readdirSync(outbox)) {
    const mail = await simpleParser(readFileSync(join(outbox, name)))
    if (mail.to !== undefined && JSON.stringify(mail.to).includes(address) && subject.test(mail.subject ?? ''))
      return mail
  }
  return undefined
}

describe('an accepted suggestion on an owner/name content repository', () => {
  it('opens a pull request with the change as a commit, links it, and is applied once the merged content is live', async () => {
    const knord = await site.as(KNORD)
    const form = await openSuggestForm(knord, site.base, PAGE)
    const typed = (form.boxes['title.0'] ?? '').replace('pothole reports', 'pothole reports, step by step')
    expect((await postSuggestion(knord, site.base, PAGE, form, { 'title.0': typed })).status).toBe(303)

    const kari = await site.as('kari')
    const desk = await (await kari(`${site.base}/desk/caseworkers/suggestions`)).text()
    const id = /<li class="suggestion" id="s-([0-9a-f-]+)">/.exec(desk)?.[1] ?? ''
    const csrf = /name="svc_csrf" value="([^"]+)"/.exec(desk)?.[1] ?? ''
    const accepted = await kari(`${site.base}/desk/caseworkers/suggestions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.base },
      body: new URLSearchParams({ svc_csrf: csrf, id, move: 'accept' }).toString(),
    })
    expect(accepted.status).toBe(303)

    // One pull request from a branch of its own onto the content branch, the page file changed on it.
    expect(host.pulls).toEqual([
      expect.objectContaining({
        number: 1,
        title: 'Edit suggestion for "How we handle pothole reports"',
        head: `svc-suggestion-${id}`,
        base: 'main',
        // The development provider names someone signed in by a typed address after it.
        messages: [`Edit suggestion for ${PAGE} from kari.nordmann`],
      }),
    ])
    const changed = host.fileOn(`svc-suggestion-${id}`, 'pages/potholes.yaml') ?? ''
    expect(changed).toContain('How we handle pothole reports, step by step')
    // The rest of the file as it was, comments included.
    expect(changed).toContain('# A bare number: the service adds PHONE_COUNTRY (default +47).')
    expect(host.fileOn('main', 'pages/potholes.yaml')).not.toContain('step by step')

    const link = 'href="https://git.example.org/acme/site/pull/1"'
    expect(await (await kari(`${site.base}/desk/caseworkers/suggestions`)).text()).toContain(link)
    expect(await (await knord(`${site.base}/my`)).text()).toContain(link)
    await waitFor(async () => (await mailTo(KNORD, /was accepted$/)) !== undefined, 15_000, 'the accepted mail')
    expect((await mailTo(KNORD, /was accepted$/))?.text).toContain('https://git.example.org/acme/site/pull/1')

    // Merged on the host; the push reloads the site, and the suggestion is applied.
    host.merge(1)
    await announcePush(site.base, SECRET)
    await untilServed(site.base, PAGE, 'How we handle pothole reports, step by step')
    await waitFor(
      async () => (await (await knord(`${site.base}/my`)).text()).includes('applied: on the site'),
      15_000,
      'the suggestion applied',
    )
    await waitFor(async () => (await mailTo(KNORD, /is now on the site$/)) !== undefined, 15_000, 'the applied mail')
  })
})
