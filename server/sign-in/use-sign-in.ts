// The process-wide sign-in: an external provider at IDP_URL, the embedded
// development provider, or off with a reason a page can show.
import type { Configuration } from 'openid-client'
import { isDevelopment } from '../config/mode'
import type { Config } from '../config/schema'
import { log } from '../log'
import { createDiscovery } from './oidc-discovery'
import {
  callbackUrlOf,
  loopbackCallbacks,
  readPublicUrl,
  readSignInSettings,
  type Provider,
  type SignInSettings,
} from './sign-in-settings'

export type SignIn =
  | {
      readonly on: true
      readonly development: boolean
      readonly settings: SignInSettings
      readonly discover: () => Promise<Configuration>
      /** The development provider's SCIM side, for PEOPLE_BACKEND=idp in development. */
      readonly scim?: { readonly url: string; readonly token: string }
    }
  | { readonly on: false; readonly development: boolean; readonly reason: string }

let started: Promise<SignIn> | null = null
let settled: SignIn | null = null

export function startSignIn(config: Config): Promise<SignIn> {
  started = prepare(config).then((signIn) => {
    if (!signIn.on) log('warn', 'auth', `[svc] [auth] sign-in is off: ${signIn.reason}`)
    settled = signIn
    return signIn
  })
  return started
}

export function useSignIn(): Promise<SignIn> {
  if (!started) throw new Error('[svc] [auth] sign-in was never started')
  return started
}

/** Sign-in once its start has settled, without waiting; null before. */
export function signInIfReady(): SignIn | null {
  return settled
}

async function prepare(config: Config): Promise<SignIn> {
  const development = isDevelopment(config)
  const idpUrl = config.IDP_URL
  // Production never falls back to the development provider.
  if (!idpUrl && !development) return { on: false, development, reason: 'IDP_URL is unset' }
  const publicUrl = readPublicUrl(config, development)
  if (publicUrl === null) return { on: false, development, reason: 'PUBLIC_URL is unset' }
  let provider: Provider
  // Only the development provider, which the service registers itself, knows the loopback twin.
  const callbacks = idpUrl ? [callbackUrlOf(publicUrl)] : loopbackCallbacks(publicUrl)
  if (idpUrl) {
    const configured = readProvider(config, idpUrl)
    if (typeof configured === 'string') return { on: false, development, reason: configured }
    provider = configured
  } else {
    try {
      provider = await startDevelopmentProvider(config, callbacks)
    } catch (error) {
      log('error', 'auth', `[svc] [auth] the development provider did not start: ${(error as Error).message}`)
      return { on: false, development, reason: 'the development provider did not start (is DEV_IDP_PORT free?)' }
    }
  }
  const settings = readSignInSettings(config, provider, publicUrl, callbacks)
  log('info', 'auth', 'sign-in ready', {
    issuer: settings.issuer.href,
    callback: settings.callbackUrl,
    scopes: settings.scopes.join(' '),
  })
  return {
    on: true,
    development,
    settings,
    discover: createDiscovery(provider),
    ...(provider.scim === undefined ? {} : { scim: provider.scim }),
  }
}

function readProvider(config: Config, idpUrl: string): Provider | string {
  const clientId = config.OAUTH2_CLIENT_ID
  const clientSecret = config.OAUTH2_CLIENT_SECRET
  if (!clientId) return 'OAUTH2_CLIENT_ID is unset'
  if (!clientSecret) return 'OAUTH2_CLIENT_SECRET is unset'
  return { issuer: new URL(idpUrl), clientId, clientSecret }
}

// Loaded only in development, so production never even imports oidc-provider.
async function startDevelopmentProvider(config: Config, redirectUris: readonly string[]): Promise<Provider> {
  const { startDevIdp, readDevIdpPort } = await import('./dev-idp/start')
  return startDevIdp({
    port: readDevIdpPort(config),
    redirectUris,
    groupPrefix: config.IDP_GROUP_PREFIX,
  })
}
