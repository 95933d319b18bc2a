// A real OpenID provider in the test process, with its own login and consent
// pages (oidc-provider's built-in ones), one client for the service, and a
// `phoneNumber` scope carrying phone_number like some providers have.
import { createServer } from 'node:http'
import Provider from 'oidc-provider'
import { createSigningJwk } from '../../server/people/dev-idp/keys'

export interface TestAccount {
  readonly id: string
  readonly claims: Readonly<Record<string, unknown>>
}

export interface TestIdpOptions {
  readonly port: number
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUri: string
  readonly accounts: readonly TestAccount[]
}

export interface TestIdp {
  readonly url: string
  stop(): Promise<void>
}

export async function startTestIdp(options: TestIdpOptions): Promise<TestIdp> {
  const url = `http://127.0.0.1:${options.port}`
  const provider = new Provider(url, {
    clients: [{ client_id: options.clientId, client_secret: options.clientSecret, redirect_uris: [options.redirectUri] }],
    jwks: { keys: [createSigningJwk()] },
    cookies: { keys: ['test-idp-cookie-key'] },
    scopes: ['openid', 'profile', 'email', 'phoneNumber'],
    // groups under profile reach userinfo only, not the ID token.
    claims: { openid: ['sub'], profile: ['name', 'groups'], email: ['email', 'email_verified'], phoneNumber: ['phone_number'] },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_ctx, id) {
      const account = options.accounts.find((candidate) => candidate.id === id)
      return account && { accountId: account.id, claims: () => ({ sub: account.id, ...account.claims }) }
    },
  })
  const server = createServer(provider.callback())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => resolve())
  })
  return {
    url,
    stop: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
