// A real OpenID provider in the test process, with its own login and consent
// pages (oidc-provider's built-in ones), one client for the service, and a
// `phoneNumber` scope carrying phone_number (and phone_number_verified) like some providers have.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'
import { createSigningJwk } from '../../server/sign-in/dev-idp/keys'

export interface TestAccount {
  readonly id: string
  readonly claims: Readonly<Record<string, unknown>>
}

export interface TestIdpOptions {
  readonly clientId: string
  readonly clientSecret: string
  /** The accounts, or where to read them at each sign-in (a SCIM server's users, say). */
  readonly accounts: readonly TestAccount[] | (() => readonly TestAccount[])
  /** Where the client is sent back to; without it the provider starts down. */
  readonly redirectUri?: string
}

export interface TestIdp {
  readonly url: string
  /** Serves a fresh provider (nobody signed in) that sends people back to `redirectUri` (one per instance of a service). */
  up(redirectUri: string | readonly string[]): void
  /**
   * Down as the service sees it: every connection, open ones included, is cut
   * at once. The port stays bound, so the provider comes back at the same URL
   * without racing anyone for it.
   */
  down(): void
  stop(): Promise<void>
}

/** A provider on a loopback port it picks itself. */
export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  let serve: ReturnType<Provider['callback']> | null = null
  const server = createServer((req, res) => {
    if (serve === null) req.socket.destroy()
    else serve(req, res)
  })
  server.on('connection', (socket) => {
    if (serve === null) socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const idp: TestIdp = {
    url,
    up(redirectUri) {
      serve = createProvider(url, options, redirectUri).callback()
    },
    down() {
      serve = null
      server.closeAllConnections()
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  if (options.redirectUri !== undefined) idp.up(options.redirectUri)
  return idp
}

function createProvider(url: string, options: TestIdpOptions, redirectUri: string | readonly string[]): Provider {
  return new Provider(url, {
    clients: [
      { client_id: options.clientId, client_secret: options.clientSecret, redirect_uris: [redirectUri].flat() },
    ],
    jwks: { keys: [createSigningJwk()] },
    cookies: { keys: ['test-idp-cookie-key'] },
    scopes: ['openid', 'profile', 'email', 'phoneNumber'],
    // groups under profile reach userinfo only, not the ID token.
    claims: {
      openid: ['sub'],
      profile: ['name', 'groups'],
      email: ['email', 'email_verified'],
      phoneNumber: ['phone_number', 'phone_number_verified'],
    },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id) {
      const accounts = typeof options.accounts === 'function' ? options.accounts() : options.accounts
      const account = accounts.find((candidate) => candidate.id === id)
      return account && { accountId: account.id, claims: () => ({ sub: account.id, ...account.claims }) }
    },
  })
}
