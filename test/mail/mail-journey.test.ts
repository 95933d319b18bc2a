// Issue 10, done when: a visitor files on the demo site with an address and
// gets the receipt; a caseworker moves the case and writes to them; the mail
// arrives at a real SMTP server in the visitor's storyline with a link that
// opens the case; the visitor replies by mail (a real SMTP client to the
// mailer's inbound port) and the reply shows on the desk and on the case
// page with the state unchanged. All on NATS, the mailer its own process,
// the pages in Chromium.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import nodemailer from 'nodemailer'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { staffStory } from '../../server/content/staff-story'
import { waitFor } from '../bus/wait'
import { launchChromium, signedInPage } from '../support/browser'
import { loadDemo } from '../support/demo-site'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { freePort, ROOT, startDevServer, type RunningServer } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'

let nats: NatsServer
let smtp: TestSmtp
let service: RunningServer & { readonly site: string }
let mailer: ChildProcess
let mailerOutput = ''
let inboundPort: number
let browser: Browser
let site: SiteModel

beforeAll(async () => {
  nats = await startNatsServer()
  ;[smtp, inboundPort, browser, site] = await Promise.all([startSmtpServer(), freePort(), launchChromium(), loadDemo()])
  // SMTP_URL says a mailer unit delivers: the service queues only.
  service = await startDevServer({ BUS_URL: nats.url, SMTP_URL: smtp.url })
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({
      BUS_URL: nats.url,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'site@example.org',
      MAIL_REPLY_ADDRESS: 'reply+{token}@replies.example.org',
      MAIL_REPLY_SECRET: 'a reply secret for the mail journey test',
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
})

// A reply of three lines, as a phone's mail program sends it.
const REPLY_LINES = ['The photo is on its way, it is the left lane.', 'It is by the bus stop.', 'Mind the cyclists.']

/** The reply reads as its three lines: each on a line of its own, whatever the width. */
async function expectLines(element: Locator): Promise<void> {
  expect(await element.innerText()).toBe(REPLY_LINES.join('\n'))
  const { height, line } = await element.evaluate((node) => {
    const style = getComputedStyle(node)
    const size = parseFloat(style.fontSize)
    return { height: node.getBoundingClientRect().height, line: parseFloat(style.lineHeight) || size * 1.2 }
  })
  expect(height).toBeGreaterThanOrEqual(REPLY_LINES.length * line - 1)
}

const addressOf = (value: ParsedMail['replyTo']) => value?.value[0]?.address ?? ''
// The visitor's mail; the demo's responsible person is mailed at start too.
const toAnn = () =>
  smtp.received.filter((mail) => (mail.to as { text: string } | undefined)?.text === 'ann@example.org')

describe('the mailer closes the loop: mail out, reply back onto the case', () => {
  it(
    'SPEC 1 rule 4 and Storylines 4: a filing, a move and a message reach the visitor by mail in their storyline; ' +
      'their reply by mail lands on the desk and the case page, the state unchanged',
    { timeout: 120_000 },
    async () => {
      const potholes = site.buckets.get('potholes')!
      const story = (name: string) => site.storylines.indexOf(name)

      // The visitor files, on a phone, with an address.
      const visitor = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage()
      visitor.setDefaultTimeout(15_000)
      await visitor.goto(`${service.site}/`)
      const storyline = (await visitor.context().cookies()).find((c) => c.name === 'svc_story')?.value ?? ''
      const s = story(storyline)
      expect(s).toBeGreaterThanOrEqual(0)
      await visitor.getByLabel(potholes.fields[0]!.label[s]!).fill('Reply Road 9')
      await visitor.locator('#f-potholes-kind').check()
      await visitor.locator('#f-potholes-email').fill('ann@example.org')
      await visitor.getByRole('button', { name: 'Send' }).click()
      await visitor.waitForURL(/\/\?filed=/)
      const id = new URL(visitor.url()).searchParams.get('filed') ?? ''

      // The receipt, in the visitor's storyline.
      await waitFor(() => toAnn().length === 1, 20_000, 'the receipt')
      const receipt = toAnn()[0]!
      expect(receipt.subject).toBe(potholes.receipt!.subject[s]!.replace('{{record.street}}', 'Reply Road 9'))
      // The receipt gives the case's short reference.
      expect(receipt.text).toMatch(/[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}/)
      expect(addressOf(receipt.replyTo)).toMatch(/^reply\+[a-z2-7]{36}@replies\.example\.org$/)

      // The caseworker accepts it and writes to the visitor.
      const deskPath = `/desk/caseworkers/potholes/${id}`
      const staff = await signedInPage(browser, service.site, 'Kari Caseworker', deskPath)
      // Desks are read in the staff storyline, whatever the caseworker's browser was given.
      const deskStory = staffStory(site)
      await staff
        .getByRole('button', { name: potholes.moves.find((m) => m.name === 'accept')!.label[deskStory] })
        .click()
      await staff.waitForURL(/\?moved=accept/)
      await staff.getByLabel('Message').fill('Could you send us a **photo**? Reply to this mail.')
      await staff.getByRole('button', { name: 'Send to the submitter' }).click()
      await staff.waitForURL(/\?written=1/)

      // Both mails arrive, in the visitor's storyline, with a button to their case.
      await waitFor(() => toAnn().length === 3, 20_000, 'the move mail and the message')
      const moved = toAnn().find(
        (mail) => mail.subject === potholes.moves[0]!.mail!.subject[s]!.replace('{{record.street}}', 'Reply Road 9'),
      )
      const message = toAnn().find((mail) => mail.subject?.includes('A message about your case'))
      expect(moved).toBeDefined()
      expect(message?.text).toContain('Could you send us a photo?')
      expect(message?.html).toContain('<strong>photo</strong>')
      const link = /href="([^"]+\/my\/potholes\/[^"]+)"/.exec(String(message?.html))?.[1] ?? ''
      // It carries the case's capability, so it opens on any device (issue 26 journey 1).
      expect(link.split('?')[0]).toBe(`${service.site}/my/potholes/${id}`)
      expect(new URL(link.replaceAll('&amp;', '&')).searchParams.get('k')).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/)

      // The link opens the case for the visitor.
      await visitor.goto(link)
      await expect(visitor.locator('h1').textContent()).resolves.toBe('Reply Road 9')
      await expect(visitor.locator('.case-facts').textContent()).resolves.toMatch(
        /[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}/,
      )
      const accepted = potholes.states.find((state) => state.name === 'accepted')!.label[s]!
      await expect(visitor.locator('.case-facts').textContent()).resolves.toContain(accepted)
      await expect(visitor.locator('.timeline-message').textContent()).resolves.toContain('Could you send us a photo?')

      // The visitor answers by mail, quoting the message as mail programs do.
      const client = nodemailer.createTransport({
        host: '127.0.0.1',
        port: inboundPort,
        secure: false,
        ignoreTLS: true,
      })
      await client.sendMail({
        from: 'ann@example.org',
        to: addressOf(message!.replyTo),
        subject: `Re: ${message!.subject}`,
        inReplyTo: message!.messageId,
        text: `${REPLY_LINES.join('\n')}\n\nOn ${message!.date?.toUTCString()}, Road Watch <site@example.org> wrote:\n> Could you send us a photo?\n`,
      })
      client.close()

      // It shows on the desk and on the case page; the state is still accepted.
      await expect
        .poll(
          async () => {
            await staff.goto(`${service.site}${deskPath}`)
            return staff.locator('.desk-history-note').allTextContents()
          },
          { timeout: 15_000 },
        )
        .toContain(REPLY_LINES.join('\n'))
      await expect(staff.locator('.desk-history-entry').last().textContent()).resolves.toContain(
        'by ann@example.org, by mail',
      )
      await expect(staff.locator('.desk-state').textContent()).resolves.toContain(
        potholes.states.find((state) => state.name === 'accepted')!.label[deskStory]!,
      )
      // Its line breaks are kept, on the desk and on the case page (issue 26, smaller things).
      await expectLines(staff.locator('.desk-history-note').last())
      await visitor.reload()
      await expect(visitor.locator('.timeline-reply').textContent()).resolves.toContain('it is the left lane')
      await expectLines(visitor.locator('.timeline-reply .timeline-plain'))
      await expect(visitor.locator('.case-facts').textContent()).resolves.toContain(accepted)
      expect(toAnn()).toHaveLength(3)
    },
  )
})
