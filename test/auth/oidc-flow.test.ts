import { createHash } from 'node:crypto'
import { Configuration } from 'openid-client'
import { describe, expect, it } from 'vitest'
import { beginSignIn, isPendingFresh } from '../../server/sign-in/oidc-flow'
import { readSignInSettings } from '../../server/sign-in/sign-in-settings'

const issuer = 'https://idp.example'
const config = new Configuration({ issuer, authorization_endpoint: `${issuer}/authorize` }, 'svc')
const settings = readSignInSettings(
  { OIDC_EXTRA_SCOPES: 'phoneNumber' },
  { issuer: new URL(issuer), clientId: 'svc', clientSecret: 's' },
  'https://site.example',
)

describe('starting a sign-in', () => {
  it('asks for a code with an S256 PKCE challenge, a fresh state and nonce, and the configured scopes', async () => {
    const { url, pending } = await beginSignIn(config, settings, '/staff', 1_000)
    expect(url.origin + url.pathname).toBe(`${issuer}/authorize`)
    const params = Object.fromEntries(url.searchParams)
    expect(params).toMatchObject({
      client_id: 'svc',
      response_type: 'code',
      redirect_uri: 'https://site.example/auth/callback',
      scope: 'openid profile email phoneNumber',
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    })
    expect(params.code_challenge).toBe(createHash('sha256').update(pending.verifier).digest('base64url'))
    expect(pending).toMatchObject({ returnTo: '/staff', created: 1_000 })
    const again = await beginSignIn(config, settings, '/staff', 1_000)
    expect(again.pending.state).not.toBe(pending.state)
    expect(again.pending.nonce).not.toBe(pending.nonce)
    expect(again.pending.verifier).not.toBe(pending.verifier)
  })

  it('must come back within ten minutes', async () => {
    const tenMinutes = 10 * 60 * 1000
    const { pending } = await beginSignIn(config, settings, '/', 0)
    expect(isPendingFresh(pending, tenMinutes - 1)).toBe(true)
    expect(isPendingFresh(pending, tenMinutes)).toBe(false)
  })
})
