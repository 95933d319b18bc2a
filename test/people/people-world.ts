// Issue 12's world on NATS: a nats-server, a real OpenID provider
// (oidc-provider) that can carry phone numbers, two instances of the built
// service started together with the same seed settings, the mailer as its own
// process delivering to a real SMTP server, and a bus handle for the test to
// look into KV and run the invite sweep with a clock of its own.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { signIn } from '../auth/sign-in-flow'
import { startTestIdp, type TestAccount, type TestIdp } from '../auth/test-idp'
import { waitFor } from '../bus/wait'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { ROOT, startServer, startServerAtPickedPort, type RunningServer } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'

export const ACCOUNTS: readonly TestAccount[] = [
  {
    id: 'kari',
    claims: { name: 'Kari Caseworker', email: 'kari@example.org', email_verified: true, groups: ['caseworkers'] },
  },
  { id: 'nina', claims: { name: 'Nina New', email: 'nina@example.org', email_verified: true } },
  { id: 'olga', claims: { name: 'Olga Late', email: 'olga@example.org', email_verified: true } },
  { id: 'tore', claims: { name: 'Tore Twice', email: 'tore@example.org', email_verified: true } },
  { id: 'boss', claims: { name: 'Bo Boss', email: 'boss@example.org', email_verified: true } },
  // Named as responsible on the demo's potholes page.
  { id: 'knord', claims: { name: 'Kari Nordmann', email: 'kari.nordmann@example.org', email_verified: true } },
  // Known to the provider by a phone number only.
  { id: 'pia', claims: { name: 'Pia Phone', phone_number: '+47 912 34 599', phone_number_verified: true } },
]

const CLIENT = { clientId: 'svc-people', clientSecret: 'people-client-secret' }

export interface Instance {
  readonly url: string
  server: RunningServer
  readonly port: number
}

export interface PeopleWorld {
  readonly a: Instance
  readonly b: Instance
  readonly smtp: TestSmtp
  readonly bus: Bus
  /** A browser signed in as `login` through `instance`, reading the plain storyline. */
  signedIn(instance: Instance, login: string, returnTo?: string): Promise<CookieFetch>
  restart(instance: Instance): Promise<void>
  mailsTo(address: string): TestSmtp['received']
}

export function usePeopleWorld(): PeopleWorld {
  let nats: NatsServer
  let idp: TestIdp
  let mailer: ChildProcess
  let mailerOutput = ''
  const world = {} as { a: Instance; b: Instance; smtp: TestSmtp; bus: Bus }
  const env = (port: number) => ({
    SVC_MODE: undefined,
    BUS_URL: nats.url,
    IDP_URL: idp.url,
    OAUTH2_CLIENT_ID: CLIENT.clientId,
    OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    OIDC_EXTRA_SCOPES: 'phoneNumber',
    SEED_ADMIN_EMAIL: 'boss@example.org',
    SEED_ADMIN_NAME: 'Bo Boss',
    RESPONSIBLE_GROUP: 'responsible',
  })
  const instance = async (): Promise<Instance> => {
    const server = await startServerAtPickedPort(env)
    return { url: `http://127.0.0.1:${server.port}`, server, port: server.port }
  }

  beforeAll(async () => {
    ;[nats, idp, world.smtp] = await Promise.all([
      startNatsServer(),
      startTestIdp({ ...CLIENT, accounts: ACCOUNTS }),
      startSmtpServer(),
    ])
    // Started together: the seed must still be invited once.
    ;[world.a, world.b] = await Promise.all([instance(), instance()])
    idp.up([world.a, world.b].map((i) => `${i.url}/auth/callback`))
    world.bus = await createNatsBus({ url: nats.url })
    mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
      env: cleanEnv({ BUS_URL: nats.url, SMTP_URL: world.smtp.url, MAIL_FROM: 'site@example.org' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    for (const stream of [mailer.stdout, mailer.stderr])
      stream?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
    await waitFor(() => mailerOutput.includes('the mailer is delivering'), 15_000, 'the mailer')
  })
  afterAll(async () => {
    mailer?.kill('SIGKILL')
    await world.bus?.close()
    await Promise.all([world.a?.server.stop(), world.b?.server.stop()])
    await Promise.all([idp?.stop(), world.smtp?.stop()])
    await nats?.stop()
  })

  return {
    get a() {
      return world.a
    },
    get b() {
      return world.b
    },
    get smtp() {
      return world.smtp
    },
    get bus() {
      return world.bus
    },
    async signedIn(at, login, returnTo = '/') {
      const client = createCookieFetch()
      client.setCookie(at.url, 'svc_story', 'plain')
      await signIn(client, at.url, login, returnTo)
      return client
    },
    async restart(at) {
      await at.server.stop()
      at.server = await startServer(env(at.port), { port: at.port })
    },
    mailsTo(address) {
      return world.smtp.received.filter((mail) => (mail.to as { text: string } | undefined)?.text === address)
    },
  }
}
