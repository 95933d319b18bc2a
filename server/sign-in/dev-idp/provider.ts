// oidc-provider configured as the development identity provider: one static
// client (the service), the demo people, and this module's own pages instead
// of oidc-provider's quick-start ones.
import Provider, { interactionPolicy } from 'oidc-provider'
import { randomBytes } from 'node:crypto'
import { createSigningJwk } from './keys'
import type { DevDirectory } from './directory'

export interface DevProviderOptions {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  readonly redirectUris: readonly string[]
  /** The people and their groups, named as the provider names them (with IDP_GROUP_PREFIX). */
  readonly directory: DevDirectory
}

export function createDevProvider(options: DevProviderOptions): Provider {
  return new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [...options.redirectUris],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [createSigningJwk()] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // `phone` is the standard scope, `phoneNumber` the one some providers use
    // (OIDC_EXTRA_SCOPES=phoneNumber); both carry phone_number.
    scopes: ['openid', 'profile', 'email', 'phone', 'phoneNumber'],
    claims: {
      openid: ['sub', 'groups'],
      profile: ['name'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      phoneNumber: ['phone_number', 'phone_number_verified'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: choosePersonEveryTime() },
    // Seconds; short, because nothing here outlives the process anyway.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    async findAccount(_ctx, id) {
      const person = options.directory.person(id)
      if (person === undefined) return undefined
      return {
        accountId: person.id,
        claims: () => ({
          sub: person.id,
          name: person.name,
          email: person.email,
          email_verified: true,
          ...(person.phone === '' ? {} : { phone_number: person.phone, phone_number_verified: true }),
          groups: [...person.groups],
        }),
      }
    },
  })
}

// The list of people comes up at every sign-in, even with a provider session
// from before, so signing out of the site and in as someone else just works.
function choosePersonEveryTime(): interactionPolicy.Policy {
  const policy = interactionPolicy.base()
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'choose_person',
        'a demo person is chosen at every sign-in',
        'login_required',
        (ctx) => ctx.oidc.result?.login === undefined,
      ),
    )
  return policy
}
