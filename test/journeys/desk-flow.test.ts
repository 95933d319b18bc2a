// Issue 26, journeys 2 and 4, as staff walk them at laptop size on NATS, with the mailer as its own process and
// a real SMTP server: an invite from the Case desk ends on the desk the invited person may open; a reply by mail
// shows on the caseworker's desk list as unread, with its last activity, until they open the case, and the desk's
// `notify:` address is mailed a link that opens it. axe checks every page the journeys pass.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import nodemailer from 'nodemailer'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { axeViolations } from '../a11y/axe'
import type { SiteModel } from '../../server/content/model'
import { launchChromium } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { DEMO, freePort, ROOT, startDevServer, type RunningServer } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'

const LAPTOP = { width: 1280, height: 800 }
const NOTIFY = 'casework@example.org'

let nats: NatsServer
let smtp: TestSmtp
let service: RunningServer & { readonly site: string }
let mailer: ChildProcess
let mailerOutput = ''
let inboundPort: number
let browser: Browser
let content: string
let site: SiteModel

beforeAll(async () => {
  // The demo, with its Case desk asking to be told of replies.
  content = mkdtempSync(join(tmpdir(), 'svc-desk-flow-'))
  cpSync(DEMO, content, { recursive: true })
  const desk = join(content, 'desks/caseworkers.yaml')
  writeFileSync(desk, `${readFileSync(desk, 'utf8')}notify: ${NOTIFY}\n`)
  nats = await startNatsServer()
  ;[smtp, inboundPort, browser, site] = await Promise.all([
    startSmtpServer(),
    freePort(),
    launchChromium(),
    loadDemo(content),
  ])
  service = await startDevServer({ BUS_URL: nats.url, SMTP_URL: smtp.url, CONTENT_REPO: content })
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({
      BUS_URL: nats.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@example.org',
      MAIL_REPLY_ADDRESS: 'reply+{token}@replies.example.org',
      MAIL_REPLY_SECRET: 'a reply secret for the desk flow test',
      MAIL_INBOUND_PORT: String(inboundPort),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [mailer.stdout, mailer.stderr])
    stream?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
  await waitFor(() => mailerOutput.includes('the mailer takes replies'), 15_000, 'the mailer')
})
afterAll(async () => {
  mailer?.kill('SIGKILL')
  await browser?.close()
  await service?.stop()
  await smtp?.stop()
  await nats?.stop()
  if (content) rmSync(content, { recursive: true, force: true })
})

const mailTo = (address: string): ParsedMail[] =>
  smtp.received.filter((mail) => (mail.to as { text: string } | undefined)?.text === address)

async function noAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), page.url()).toEqual([])
}

async function laptopPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: LAPTOP })).newPage()
  page.setDefaultTimeout(15_000)
  return page
}

/** Signs in through the development provider as `person`, from where the page is now. */
async function signInAs(page: Page, person: string, landing: string): Promise<void> {
  await page.getByRole('button', { name: `Sign in as ${person}` }).click()
  await page.waitForURL(`${service.site}${landing}`)
}

describe('issue 26: where one feature hands over to the next on the desks', () => {
  it(
    'journey 2: invited from the Case desk into volunteers, Nora accepts by mail and lands on Street Watch, not a 403',
    { timeout: 120_000 },
    async () => {
      const kari = await laptopPage()
      await kari.goto(`${service.site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers/people')}`)
      await signInAs(kari, 'Kari Caseworker', '/desk/caseworkers/people')
      await noAxeViolations(kari)
      // The group menu names the group as content labels it.
      await kari.getByLabel('Name').fill('Nora Nobody')
      await kari.locator('#invite-contact').fill('nora@example.org')
      await kari.locator('#invite-group').selectOption({ label: 'Street Watch volunteers' })
      await kari.getByRole('button', { name: 'Send the invite' }).click()
      await kari.waitForURL(/\/desk\/caseworkers\/people\?done=invited/)
      await noAxeViolations(kari)

      // The mail names the group by its label and the desk it opens.
      await waitFor(() => mailTo('nora@example.org').length === 1, 20_000, "Nora's invite")
      const mail = mailTo('nora@example.org')[0]!
      const text = (mail.text ?? '').replace(/\s+/g, ' ')
      expect(text).toContain('Kari Caseworker has invited you to join Street Watch volunteers')
      expect(text).toContain('As one of them you can open the Street Watch desk.')
      const link = /https?:\/\/\S+\/invite\/[a-z0-9]+/.exec(mail.text ?? '')?.[0] ?? ''
      expect(link.startsWith(`${service.site}/invite/`)).toBe(true)

      // Nora, in her own browser, reads the invite in the storyline it gave her, signs in and is welcomed.
      const nora = await laptopPage()
      await nora.goto(link)
      const storyline = (await nora.context().cookies()).find((c) => c.name === 'svc_story')?.value ?? ''
      const story = site.storylines.indexOf(storyline)
      expect(story).toBeGreaterThanOrEqual(0)
      const group = site.groups?.get('volunteers')?.label[story] ?? ''
      const desk = site.desks.get('street_watch')?.title[story] ?? ''
      expect([group, desk]).toEqual(
        story === 0
          ? ['Street Watch volunteers', 'Street Watch desk']
          : ['Street Watchers', 'Street Watch: reports to confirm'],
      )
      await expect(nora.locator('main').textContent()).resolves.toContain(
        `Kari Caseworker has invited Nora Nobody to join ${group}. As one of them you can open the ${desk}.`,
      )
      await noAxeViolations(nora)
      await nora.getByRole('link', { name: 'Sign in to accept' }).click()
      await signInAs(nora, 'Nora Nobody', new URL(link).pathname)
      await expect(nora.locator('main').textContent()).resolves.toContain(
        `You are now in ${group}. You can now open the ${desk}.`,
      )
      await noAxeViolations(nora)

      // Its one button opens the desk she may open.
      const [response] = await Promise.all([
        nora.waitForResponse((r) => r.url() === `${service.site}/desk/street_watch`),
        nora.getByRole('link', { name: `Open the ${desk}` }).click(),
      ])
      expect(response.status()).toBe(200)
      // Desks are read in the staff storyline, whatever her browser was given.
      await expect(nora.locator('h1').textContent()).resolves.toBe('Street Watch desk')
      await noAxeViolations(nora)

      // The People view shows her by her verified name and address, in the group's label.
      await kari.goto(`${service.site}/desk/caseworkers/people`)
      const section = kari.locator('section.people-group', { hasText: 'Street Watch volunteers' })
      await expect(section.locator('.member-name').first().textContent()).resolves.toContain('Nora Nobody')
      await expect(section.locator('.member-name').first().textContent()).resolves.toContain('nora@example.org')
    },
  )

  it(
    'journey 4: a reply by mail shows as unread on the desk, sorts by last activity, filters, ' +
      'clears when opened, and mails the desk a link that opens the case',
    { timeout: 150_000 },
    async () => {
      // Two cases filed with an address; the first one filed is the one answered.
      const ids: string[] = []
      for (const street of ['Answer Alley 1', 'Quiet Quay 2']) {
        const visitor = await laptopPage()
        await visitor.goto(`${service.site}/`)
        await visitor.locator('#f-potholes-street').fill(street)
        await visitor.locator('#f-potholes-kind').check()
        await visitor.locator('#f-potholes-email').fill('ann@example.org')
        await visitor.getByRole('button', { name: 'Send' }).click()
        await visitor.waitForURL(/\/\?filed=/)
        ids.push(new URL(visitor.url()).searchParams.get('filed') ?? '')
      }
      const [answered] = ids
      await waitFor(() => mailTo('ann@example.org').length === 2, 20_000, 'the two receipts')
      const receipt = mailTo('ann@example.org').find((mail) => mail.text?.includes('Answer Alley 1'))!

      // The caseworker has seen both cases; nothing is unread yet.
      const kari = await laptopPage()
      await kari.goto(`${service.site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers')}`)
      await signInAs(kari, 'Kari Caseworker', '/desk/caseworkers')
      const potholes = kari.locator('section[data-bucket="potholes"]')
      await expect(potholes.locator('.desk-unread').count()).resolves.toBe(0)
      await expect(potholes.getByRole('columnheader', { name: 'Last activity' }).count()).resolves.toBe(1)
      await noAxeViolations(kari)

      // Ann replies to her receipt by mail.
      const client = nodemailer.createTransport({
        host: '127.0.0.1',
        port: inboundPort,
        secure: false,
        ignoreTLS: true,
      })
      await client.sendMail({
        from: 'ann@example.org',
        to: receipt.replyTo?.value[0]?.address ?? '',
        subject: `Re: ${receipt.subject}`,
        inReplyTo: receipt.messageId,
        text: 'It has grown: two wheels fit in it now.\n',
      })
      client.close()

      // Her case shows as unread, by a word with the case's name, not colour alone.
      const row = (name: string) => potholes.locator('tbody tr', { hasText: name })
      await expect
        .poll(
          async () => {
            await kari.reload()
            return row('Answer Alley 1').locator('.desk-unread').count()
          },
          { timeout: 20_000 },
        )
        .toBe(1)
      await expect(row('Answer Alley 1').locator('.desk-unread').textContent()).resolves.toBe('Unread')
      // Read out with the case's link, as its description.
      await expect(
        row('Answer Alley 1').getByRole('link', { name: 'Answer Alley 1' }).getAttribute('aria-describedby'),
      ).resolves.toBe(`potholes-${answered}-unread`)
      await expect(row('Quiet Quay 2').locator('.desk-unread').count()).resolves.toBe(0)
      await noAxeViolations(kari)

      // Newest filing first puts the quiet case on top; last activity first puts the answered one there.
      const names = () => potholes.locator('tbody tr td:first-child a').allTextContents()
      await expect(names()).resolves.toEqual(['Quiet Quay 2', 'Answer Alley 1'])
      await potholes.getByRole('link', { name: 'Last activity' }).click()
      await kari.waitForURL(/sort=activity/)
      await expect(names()).resolves.toEqual(['Answer Alley 1', 'Quiet Quay 2'])
      await expect(potholes.locator('th[aria-sort="descending"]').textContent()).resolves.toBe('Last activity')

      // The filter shows only the unread case.
      await potholes.getByLabel('Only with unread replies').check()
      await potholes.getByRole('button', { name: 'Show' }).click()
      await kari.waitForURL(/unread=1/)
      await expect(names()).resolves.toEqual(['Answer Alley 1'])
      await noAxeViolations(kari)

      // Opened, it is read: the marker is gone and the filter finds nothing.
      await potholes.getByRole('link', { name: 'Answer Alley 1' }).click()
      await kari.waitForURL(`${service.site}/desk/caseworkers/potholes/${answered}`)
      await expect(kari.locator('main').textContent()).resolves.toContain('It has grown: two wheels fit in it now.')
      await kari.goBack()
      await kari.reload()
      await expect(potholes.locator('tbody tr').count()).resolves.toBe(0)
      await kari.goto(`${service.site}/desk/caseworkers?bucket=potholes&sort=activity`)
      await expect(potholes.locator('.desk-unread').count()).resolves.toBe(0)

      // The desk's notify address was told, in staff words, with the one staff link.
      await waitFor(() => mailTo(NOTIFY).length === 1, 30_000, 'the notify mail')
      const notice = mailTo(NOTIFY)[0]!
      expect(notice.subject).toMatch(/^New reply on case [2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}: Answer Alley 1$/)
      expect(notice.text).toContain('It has grown: two wheels fit in it now.')
      const resolver = `${service.site}/desk/case/potholes/${answered}`
      expect(notice.text).toContain(resolver)
      expect(notice.replyTo).toBeUndefined()
      // It opens the case on a desk of whoever follows it: Rolf of the road crew, signed out, signs in first.
      const rolf = await laptopPage()
      await rolf.goto(resolver)
      await signInAs(rolf, 'Rolf Roads', `/desk/road_crew/potholes/${answered}`)
      await expect(rolf.locator('main').textContent()).resolves.toContain('It has grown: two wheels fit in it now.')
      await noAxeViolations(rolf)
      // Kari, signed in, lands on the Case desk.
      await kari.goto(resolver)
      await kari.waitForURL(`${service.site}/desk/caseworkers/potholes/${answered}`)
    },
  )
})
