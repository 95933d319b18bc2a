// The world issue 26's journeys are walked in: the demo (or a copy a test
// changes) served on NATS with files in s3rver, the built mailer as its own
// process delivering to a real SMTP server and taking replies on its inbound
// port, and Chromium with a phone for visitors and a laptop for staff.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ParsedMail } from 'mailparser'
import nodemailer from 'nodemailer'
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { SiteModel } from '../../server/content/model'
import { axeViolations } from '../a11y/axe'
import { waitFor } from '../bus/wait'
import { launchChromium } from './browser'
import { loadDemo } from './demo-site'
import { cleanEnv } from './global-setup'
import { startNatsServer, type NatsServer } from './nats-server'
import { startS3Server, type TestS3 } from './s3-server'
import { DEMO, freePort, ROOT, startDevServer, type RunningServer } from './server'
import { startSmtpServer, type TestSmtp } from './smtp-server'

export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
export const LAPTOP = { viewport: { width: 1280, height: 800 } }

export interface JourneyWorld {
  /** Where a browser visits the site. */
  readonly site: string
  readonly model: SiteModel
  /** The content folder the service reads. */
  readonly content: string
  /** A fresh browser, as a new device would be: no cookie of the site; `story` fixes the storyline it is told. */
  device(size: typeof PHONE | typeof LAPTOP, story?: string): Promise<Page>
  /** Mail the SMTP server accepted for `address`, once `count` of them have come. */
  mailTo(address: string, count?: number): Promise<ParsedMail[]>
  /** Answers `mail` by mail, as its reader's mail program would, to the mailer's inbound port. */
  reply(mail: ParsedMail, from: string, text: string): Promise<void>
  stop(): Promise<void>
}

/** Signs in through the development provider as `person`, from the sign-in page the browser is on. */
export async function signInAs(page: Page, site: string, person: string, landing: string): Promise<void> {
  await page.getByRole('button', { name: `Sign in as ${person}` }).click()
  await page.waitForURL(`${site}${landing}`)
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), page.url()).toEqual([])
}

/** Starts the world; `change` edits the copied content before the service reads it. */
export async function startJourneyWorld(change: (content: string) => void = () => {}): Promise<JourneyWorld> {
  const content = mkdtempSync(join(tmpdir(), 'svc-journey-'))
  cpSync(DEMO, content, { recursive: true })
  change(content)
  let nats: NatsServer | undefined
  let smtp: TestSmtp | undefined
  let s3: TestS3 | undefined
  let browser: Browser | undefined
  let service: RunningServer | undefined
  let mailer: ChildProcess | undefined
  const stop = async () => {
    mailer?.kill('SIGKILL')
    await browser?.close()
    await service?.stop()
    await smtp?.stop()
    await s3?.stop()
    await nats?.stop()
    rmSync(content, { recursive: true, force: true })
  }
  try {
    nats = await startNatsServer()
    const [started, store, inboundPort, chromium, model] = await Promise.all([
      startSmtpServer(),
      startS3Server(),
      freePort(),
      launchChromium(),
      loadDemo(content),
    ])
    ;[smtp, s3, browser] = [started, store, chromium]
    const running = await startDevServer({
      ...store.env,
      BUS_URL: nats.url,
      SMTP_URL: started.url,
      CONTENT_REPO: content,
    })
    service = running
    mailer = await startMailer(nats.url, started.url, inboundPort)
    const received = started.received
    return {
      site: running.site,
      model,
      content,
      async device(size, story) {
        const context = await chromium.newContext(size)
        if (story !== undefined) await context.addCookies([{ name: 'svc_story', value: story, url: running.site }])
        const page = await context.newPage()
        page.setDefaultTimeout(15_000)
        return page
      },
      async mailTo(address, count = 1) {
        const to = () => received.filter((mail) => (mail.to as { text: string } | undefined)?.text === address)
        await waitFor(() => to().length >= count, 30_000, `${count} mail to ${address}`)
        return to()
      },
      async reply(mail, from, text) {
        const client = nodemailer.createTransport({
          host: '127.0.0.1',
          port: inboundPort,
          secure: false,
          ignoreTLS: true,
        })
        await client.sendMail({
          from,
          to: mail.replyTo?.value[0]?.address ?? '',
          subject: `Re: ${mail.subject ?? ''}`,
          inReplyTo: mail.messageId,
          text,
        })
        client.close()
      },
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function startMailer(busUrl: string, smtpUrl: string, inboundPort: number): Promise<ChildProcess> {
  const mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({
      BUS_URL: busUrl,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'site@example.org',
      MAIL_REPLY_ADDRESS: 'reply+{token}@replies.example.org',
      MAIL_REPLY_SECRET: 'a reply secret for the journey tests',
      MAIL_INBOUND_PORT: String(inboundPort),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  for (const stream of [mailer.stdout, mailer.stderr])
    stream?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await waitFor(() => output.includes('the mailer takes replies'), 30_000, 'the mailer')
  } catch (error) {
    mailer.kill('SIGKILL')
    throw new Error(`the mailer did not start: ${output}`, { cause: error })
  }
  return mailer
}
