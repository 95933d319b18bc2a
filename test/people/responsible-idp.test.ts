// SPEC 1, Accounts the content mandates, whole, on PEOPLE_BACKEND=idp: two
// instances of the built service on one nats-server, a real SCIM server
// (SCIMMY) whose accounts sign in at a real OpenID provider, and the built
// mailer delivering to a real SMTP server. The responsible people get an
// account at start (once, however many instances), a mail, and a place in
// RESPONSIBLE_GROUP that their sign-in carries; a push that names them no
// more takes them out of the group the service put them in, and not out of
// one they were in already.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { CONTENT_CHANGED } from '../../server/content/bus-messages'
import { createCookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import { formFields, postPeople } from './people-forms'
import { openSuggestForm, postSuggestion } from '../suggestions/suggest-client'
import { waitFor } from '../bus/wait'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startScimServer, type TestScim } from '../support/scim-server'
import { DEMO, ROOT } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'

const PREFIX = 'northvale_'
const GROUP = 'stewards'
const content = mkdtempSync(join(tmpdir(), 'svc-responsible-idp-'))
const potholes = join(content, 'pages', 'potholes.yaml')
let nats: NatsServer
let bus: Bus
let scim: TestScim
let smtp: TestSmtp
let mailer: ChildProcess
let a: ServiceWithIdp
let b: ServiceWithIdp

const RIA = 'ria.responsible@example.org'
const DAG = 'dag.already@example.org'
const PHONE_ONLY = '+4791234999'
const KARI = 'kari.case@example.org'
const INBOX = 'streets@example.org'

beforeAll(async () => {
  cpSync(DEMO, content, { recursive: true })
  writeFileSync(
    potholes,
    readFileSync(potholes, 'utf8').replace(
      'responsible:\n',
      `responsible:\n  - { name: Ria Responsible, email: ${RIA} }\n  - { name: Dag Already, email: ${DAG} }\n  - { name: Pål Phone, phone: "${PHONE_ONLY}" }\n`,
    ),
  )
  nats = await startNatsServer()
  bus = await createNatsBus({ url: nats.url })
  scim = await startScimServer()
  // Dag was in the group at the provider before the content named him.
  scim.users.set('dag', {
    id: 'dag',
    userName: DAG,
    displayName: 'Dag Already',
    emails: [{ value: DAG }],
    phoneNumbers: [],
  })
  scim.groups.set('g-stewards', { id: 'g-stewards', displayName: `${PREFIX}${GROUP}`, members: [{ value: 'dag' }] })
  scim.users.set('kari', {
    id: 'kari',
    userName: KARI,
    displayName: 'Kari Caseworker',
    emails: [{ value: KARI }],
    phoneNumbers: [],
  })
  scim.groups.set('g-case', { id: 'g-case', displayName: `${PREFIX}caseworkers`, members: [{ value: 'kari' }] })
  smtp = await startSmtpServer()
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({ BUS_URL: nats.url, SMTP_URL: smtp.url, MAIL_FROM: 'site@example.org' }),
    stdio: 'ignore',
  })
  const env = {
    BUS_URL: nats.url,
    CONTENT_REPO: content,
    PEOPLE_BACKEND: 'idp',
    IDP_API_TOKEN: scim.token,
    IDP_SCIM_URL: scim.url,
    IDP_GROUP_PREFIX: PREFIX,
    RESPONSIBLE_GROUP: GROUP,
  }
  // Both at once: the pass races itself on one bus.
  ;[a, b] = await Promise.all([
    startServiceWithIdp({ accounts: () => scim.accounts(), env }),
    startServiceWithIdp({ accounts: () => scim.accounts(), env }),
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
  mailer?.kill('SIGKILL')
  await smtp?.stop()
  await scim?.stop()
  await bus?.close()
  await nats?.stop()
  rmSync(content, { recursive: true, force: true })
})

const accountsOf = (key: (user: { emails?: { value: string }[]; phoneNumbers?: { value: string }[] }) => boolean) =>
  [...scim.users.values()].filter(key)
const byEmail = (email: string) => accountsOf((u) => u.emails?.some((e) => e.value === email) ?? false)
const inGroup = (id: string) =>
  [...scim.groups.values()].some((g) => g.displayName === `${PREFIX}${GROUP}` && g.members.some((m) => m.value === id))
const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to !== undefined && JSON.stringify(mail.to).includes(email))

describe('the responsible people on PEOPLE_BACKEND=idp', () => {
  it(
    'Accounts the content mandates 1 and 2: at start each gets one account at the provider (two instances racing), a mail, and RESPONSIBLE_GROUP in their claim',
    { timeout: 90_000 },
    async () => {
      await waitFor(() => byEmail(RIA).length === 1 && mailsTo(RIA).length === 1, 30_000, 'the account and the mail')
      const ria = byEmail(RIA)[0]!
      expect(ria.displayName).toBe('Ria Responsible')
      expect(inGroup(ria.id)).toBe(true)
      // A phone-only person gets an account and no mail.
      expect(accountsOf((u) => u.phoneNumbers?.some((p) => p.value === PHONE_ONLY) ?? false)).toHaveLength(1)
      // Every account once: the pass ran once for the revision, though two instances started together.
      expect(byEmail(DAG)).toHaveLength(1)
      const mail = mailsTo(RIA)[0]!
      expect(mail.subject).toMatch(/responsible/i)
      expect(mail.text).toContain('/potholes')
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(mailsTo(RIA)).toHaveLength(1)

      // Ria signs in (at either instance): the provider's group reaches the claim, without the prefix.
      const browser = createCookieFetch()
      await signIn(browser, b.service, ria.id)
      const me = (await (await browser(`${b.service}/auth/me`)).json()) as { groups: string[] }
      expect(me.groups).toContain(GROUP)
    },
  )

  it(
    'Accounts the content mandates 6 on the idp backend: she suggests a change, the inbox gets it, a reviewer accepts it, she is mailed',
    { timeout: 60_000 },
    async () => {
      const ria = createCookieFetch()
      await signIn(ria, a.service, byEmail(RIA)[0]?.id ?? '')
      const form = await openSuggestForm(ria, a.service, '/potholes')
      expect(form.status).toBe(200)
      const before = form.boxes['title.0'] ?? ''
      const sent = await postSuggestion(ria, a.service, '/potholes', form, { 'title.0': `${before}, step by step` })
      expect(sent.status).toBe(303)
      await waitFor(() => mailsTo(INBOX).length === 1, 20_000, 'the suggestion in the inbox')
      expect(mailsTo(INBOX)[0]?.text).toContain(`+${before}, step by step`)

      const kari = createCookieFetch()
      await signIn(kari, b.service, 'kari')
      const desk = await (await kari(`${b.service}/desk/caseworkers/suggestions`)).text()
      const id = /name="id" value="([^"]+)"/.exec(desk)?.[1] ?? ''
      const csrf = /name="svc_csrf" value="([^"]+)"/.exec(desk)?.[1] ?? ''
      const accepted = await kari(`${b.service}/desk/caseworkers/suggestions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: b.service },
        body: new URLSearchParams({ svc_csrf: csrf, id, move: 'accept' }).toString(),
      })
      expect(accepted.status).toBe(303)
      // The content is a folder in no git repository: the change is written there, the site reloads with it,
      // and she is told it is on the site (issue 31 item 3).
      await waitFor(() => mailsTo(RIA).length === 3, 30_000, 'the mails that it was accepted and is on the site')
      expect(mailsTo(RIA).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/was accepted$/))
      expect(mailsTo(RIA).map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/is now on the site$/))
      // Told once the instance that accepted it serves it; the other reloads on the same word from the bus, a moment
      // later on a loaded machine.
      await expect
        .poll(async () => (await fetch(`${a.service}/potholes`, { headers: { cookie: 'svc_story=plain' } })).text(), {
          timeout: 10_000,
        })
        .toContain(`${before}, step by step`)
    },
  )

  it(
    'Accounts the content mandates 2 and 4: a push that names them no more takes them out of the group the service put them in, not out of one they were in; accounts stay',
    { timeout: 60_000 },
    async () => {
      const ria = byEmail(RIA)[0]!
      writeFileSync(
        potholes,
        readFileSync(potholes, 'utf8')
          .split('\n')
          .filter((line) => !line.includes(RIA) && !line.includes(DAG))
          .join('\n'),
      )
      bus.publish(CONTENT_CHANGED, { reason: 'test' })
      await waitFor(() => !inGroup(ria.id), 30_000, 'Ria out of the group')
      expect(inGroup('dag')).toBe(true)
      expect(byEmail(RIA)).toHaveLength(1)
      // Nobody was mailed again for being named no more (the second and third mails were about her suggestion).
      expect(mailsTo(RIA)).toHaveLength(3)
    },
  )

  it(
    'Errors 5: with the provider down the People view says so, an invite changes nothing, and both work again once it answers',
    { timeout: 60_000 },
    async () => {
      const kari = createCookieFetch()
      await signIn(kari, a.service, 'kari')
      const people = `${a.service}/desk/caseworkers/people`
      const before = await kari(people)
      expect(before.status).toBe(200)
      const form = formFields(await before.text(), { do: 'invite' })
      scim.fault('unavailable', Infinity)
      try {
        const down = await kari(people)
        expect(down.status).toBe(503)
        expect(await down.text()).toContain('is not answering. Nothing was changed')
        const posted = await kari(people, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.service },
          body: new URLSearchParams({
            ...form,
            name: 'Una Down',
            contact: 'una.down@example.org',
            group: 'volunteers',
          }).toString(),
        })
        expect(posted.status).toBe(503)
        expect(await posted.text()).toContain('is not answering. Nothing was changed')
      } finally {
        scim.fault(null)
      }
      const sent = await postPeople(
        kari,
        a.service,
        'caseworkers',
        { do: 'invite' },
        {
          name: 'Una Up',
          contact: 'una.up@example.org',
          group: 'volunteers',
        },
      )
      expect(sent.status).toBe(303)
      expect(byEmail('una.up@example.org')).toHaveLength(1)
      expect(byEmail('una.down@example.org')).toHaveLength(0)
    },
  )
})
