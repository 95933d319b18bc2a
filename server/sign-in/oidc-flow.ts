// The two halves of an authorization code sign-in with PKCE (S256), state and nonce.
import {
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
  type Configuration,
} from 'openid-client'
import { readUser } from './claims'
import type { PendingSignIn, SessionUser } from '../sessions'
import type { SignInSettings } from './sign-in-settings'

/** A sign-in must come back within this time. */
const PENDING_SIGN_IN_MS = 10 * 60 * 1000

export interface SignInStart {
  readonly url: URL
  readonly pending: PendingSignIn
}

export async function beginSignIn(
  config: Configuration,
  settings: SignInSettings,
  returnTo: string,
  now: number,
  callback = settings.callbackUrl,
): Promise<SignInStart> {
  const verifier = randomPKCECodeVerifier()
  const state = randomState()
  const nonce = randomNonce()
  const url = buildAuthorizationUrl(config, {
    redirect_uri: callback,
    scope: settings.scopes.join(' '),
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url, pending: { state, nonce, verifier, returnTo, created: now, callback } }
}

export function isPendingFresh(pending: PendingSignIn, now: number): boolean {
  return now - pending.created < PENDING_SIGN_IN_MS
}

/** Throws on a wrong state, nonce or code, a provider's error, or a provider that is down. */
export async function finishSignIn(
  config: Configuration,
  settings: SignInSettings,
  callbackUrl: URL,
  pending: PendingSignIn,
): Promise<SessionUser> {
  const tokens = await authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  })
  // idTokenExpected has made openid-client refuse a response without one.
  const idToken = tokens.claims()
  if (idToken === undefined) throw new Error('[svc] [auth] the provider sent no ID token')
  const userinfo =
    config.serverMetadata().userinfo_endpoint === undefined
      ? {}
      : await fetchUserInfo(config, tokens.access_token, idToken.sub)
  return readUser(idToken, userinfo, settings)
}
