// Issue 10, development: each mail in /dev/outbox can be answered there, and
// the reply goes through the mailer's inbox as one by SMTP would: it lands on
// the case as a note by mail, quote stripped, state unchanged; the desk and
// the submitter's case page show it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { readPage, attr } from '../desk/page'
import { startDevSite, type DevSite } from '../security/dev-site'
import { fileThrough, filedId, postForm, type CookieFetch } from '../visitor/visitor-client'

let site: DevSite
let owner: CookieFetch
let id: string
beforeAll(async () => {
  site = await startDevSite()
  owner = site.visitor()
  id = filedId(
    await fileThrough(owner, site.base, '/', 'potholes', {
      street: 'Outbox Lane 3',
      kind: 'crack',
      email: 'ann@example.org',
    }),
  )
})
afterAll(() => site?.stop())

describe('Mail in development: replying from the outbox', () => {
  it('a reply typed at /dev/outbox lands on the case, shown on the desk and the case page', async () => {
    const developer = site.visitor()
    let list = ''
    await waitFor(
      async () => {
        list = await (await developer(`${site.base}/dev/outbox`)).text()
        return list.includes('/reply"')
      },
      10_000,
      'the receipt with a Reply link',
    )
    const replyPath = /href="(\/dev\/outbox\/[^"]+\/reply)"/.exec(list)?.[1] ?? ''
    const form = readPage(await (await developer(`${site.base}${replyPath}`)).text())
    expect(form.text('p code')).toMatch(/^reply\+[a-z2-7]{36}@localhost$/)
    const csrf = attr(form.one('input[name="svc_csrf"]'), 'value')

    const empty = await postForm(developer, new URL(`${site.base}${replyPath}`), { svc_csrf: csrf, text: ' ' })
    expect(empty.status).toBe(400)
    expect(readPage(await empty.text()).text('#reply-error')).toContain('550')

    const sent = await postForm(developer, new URL(`${site.base}${replyPath}`), {
      svc_csrf: csrf,
      text: 'There is a second hole a bit further up.',
    })
    expect(sent.status).toBe(303)
    expect(sent.headers.get('location')).toBe('/dev/outbox?replied=1')

    const desk = readPage(await (await (await site.as('kari'))(`${site.base}/desk/caseworkers/potholes/${id}`)).text())
    expect(desk.all('.desk-history-note')).toHaveLength(1)
    expect(desk.text('.desk-history-note')).toBe('There is a second hole a bit further up.')
    expect(desk.text('.desk-history-entry:last-child .desk-history-who')).toBe('by ann@example.org, by mail')
    expect(desk.text('.desk-state')).toMatch(/Received|Just in/)
    const mine = readPage(await (await owner(`${site.base}/my/potholes/${id}`)).text())
    expect(mine.text('.timeline-reply')).toContain('There is a second hole a bit further up.')
  })
})
