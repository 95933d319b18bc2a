// Issue 29: erasing a case's personal data is a desk post and a submitter's
// post like any other. A forged post (no token, another session's token, a
// person the desk or policy does not let erase, someone else's case) erases
// nothing; a replayed one erases once and then says it already was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { attr, readPage, textOf } from '../desk/page'
import { fileThrough, filedId, openPage, postForm, type CookieFetch } from '../visitor/visitor-client'
import { startDevSite, type DevSite } from './dev-site'

let site: DevSite
const TOKEN = 'erase-automation-token'
beforeAll(async () => {
  site = await startDevSite({}, { AUTOMATION_READ_TOKEN: TOKEN })
})
afterAll(() => site?.stop())

/** A case filed by `owner` with a marker e-mail address; its desk path on the caseworkers' desk. */
async function fileCase(owner: CookieFetch, street: string) {
  const email = `${street.toLowerCase().replace(/\W+/g, '-')}@example.org`
  const id = filedId(await fileThrough(owner, site.base, '/', 'potholes', { street, kind: 'pothole', email }))
  return { id, email, path: `/desk/caseworkers/potholes/${id}` }
}

/** The hidden fields and action of the one form on `html` that posts to an erase address. */
function eraseForm(html: string): { action: URL; fields: Record<string, string> } {
  const page = readPage(html)
  const form = page.all('form').find((f) => attr(f, 'action').endsWith('/erase'))
  if (form === undefined) throw new Error(`no erase form in:\n${html}`)
  const inputs = page.all('form input').filter((i) => i.parent === form || i.parent?.parent === form)
  return {
    action: new URL(attr(form, 'action'), site.base),
    fields: Object.fromEntries(inputs.map((i) => [attr(i, 'name'), attr(i, 'value')])),
  }
}

const deskText = async (client: CookieFetch, path: string) =>
  readPage((await openPage(client, `${site.base}${path}`)).html)

/** A token the attacker holds: their own session's, from the service's own page. */
async function attackerToken(): Promise<string> {
  const rolf = await site.as('rolf')
  const { html } = await openPage(rolf, `${site.base}/`)
  return /name="svc_csrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
}

describe('forged and replayed erase posts', () => {
  it("a desk erase without the caseworker's token, with another session's, or a tampered one erases nothing", async () => {
    const kari = await site.as('kari')
    const filed = await fileCase(site.visitor(), 'Forged Erase Road 1')
    const form = eraseForm((await openPage(kari, `${site.base}${filed.path}/erase`)).html)
    const { svc_csrf: token, ...rest } = form.fields
    expect(token).toBeTruthy()
    const reason = { ...rest, reason: 'Forged' }
    for (const forged of [reason, { ...reason, svc_csrf: await attackerToken() }, { ...reason, svc_csrf: `${token}x` }])
      expect((await postForm(kari, form.action, forged)).status).toBe(403)
    expect((await deskText(kari, filed.path)).text('.desk-fields')).toContain(filed.email)
  })

  it('a desk without erase: true, or a person who may not open the desk, cannot erase; the case keeps its data', async () => {
    const kari = await site.as('kari')
    const rolf = await site.as('rolf')
    const filed = await fileCase(site.visitor(), 'Crew Erase Road 2')
    // Rolf's own desk holds potholes but does not say erase: true; nothing offers it there.
    const crewPath = `/desk/road_crew/potholes/${filed.id}`
    expect((await deskText(rolf, crewPath)).all('#record-erase')).toHaveLength(0)
    expect((await openPage(rolf, `${site.base}${crewPath}/erase`)).status).toBe(403)
    // His own valid tokens, posted to his desk's erase address and to the caseworkers' desk.
    const token = /name="svc_csrf" value="([^"]+)"/.exec((await openPage(rolf, `${site.base}${crewPath}`)).html)?.[1]
    const submission = 'A'.repeat(22)
    const fields = { svc_csrf: token ?? '', svc_submission: submission, reason: 'Not mine to erase' }
    expect((await postForm(rolf, new URL(`${site.base}${crewPath}/erase`), fields)).status).toBe(403)
    expect((await postForm(rolf, new URL(`${site.base}${filed.path}/erase`), fields)).status).toBe(403)
    expect((await deskText(kari, filed.path)).text('.desk-fields')).toContain(filed.email)
  })

  it('a replayed desk erase erases once, and the replay says it already was', async () => {
    const kari = await site.as('kari')
    const filed = await fileCase(site.visitor(), 'Replay Erase Road 3')
    const form = eraseForm((await openPage(kari, `${site.base}${filed.path}/erase`)).html)
    const post = { ...form.fields, reason: 'Request by e-mail' }
    const first = await postForm(kari, form.action, post)
    expect([first.status, first.headers.get('location')]).toEqual([303, `${filed.path}?erased=done`])
    const again = await postForm(kari, form.action, post)
    expect([again.status, again.headers.get('location')]).toEqual([303, `${filed.path}?erased=already`])
    const page = await deskText(kari, `${filed.path}?erased=already`)
    expect(page.text('.desk-fields')).not.toContain(filed.email)
    const erasures = page.all('.desk-history-entry').filter((entry) => textOf(entry).includes('Personal data erased'))
    expect(erasures).toHaveLength(1)
    // The automation endpoint says so too, in staff's words.
    const automation = await fetch(`${site.base}/automation/kv/potholes/${filed.id}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    const { record } = (await automation.json()) as { record: { fields: Record<string, string>; erasedAt?: string } }
    expect(record.fields).toMatchObject({ email: 'Erased', street: 'Replay Erase Road 3' })
    expect(record.erasedAt).toBeTruthy()
  })

  it("a self erase without the submitter's token, or of someone else's case, erases nothing", async () => {
    const owner = site.visitor()
    const filed = await fileCase(owner, 'Self Erase Road 4')
    const confirm = await openPage(owner, `${site.base}/self/potholes/${filed.id}/erase`)
    expect(confirm.status).toBe(200)
    const form = eraseForm(confirm.html)
    const { svc_csrf: _token, ...rest } = form.fields
    expect((await postForm(owner, form.action, rest)).status).toBe(403)
    expect((await postForm(owner, form.action, { ...rest, svc_csrf: await attackerToken() })).status).toBe(403)
    // Another visitor, with their own valid tokens: the case is not theirs, so it is no case at all.
    const stranger = site.visitor()
    expect((await openPage(stranger, `${site.base}/self/potholes/${filed.id}/erase`)).status).toBe(404)
    const theirs = eraseForm(
      (await openPage(stranger, `${site.base}/self/potholes/${(await fileCase(stranger, 'Stranger Road 5')).id}/erase`))
        .html,
    )
    expect((await postForm(stranger, form.action, theirs.fields)).status).toBe(404)
    const kari = await site.as('kari')
    expect((await deskText(kari, filed.path)).text('.desk-fields')).toContain(filed.email)
  })
})
