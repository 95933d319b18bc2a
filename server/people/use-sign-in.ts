// The process-wide sign-in: an external provider at IDP_URL, the embedded
// development provider, or off with a reason a page can show.
import type { Configuration } from 'openid-client'
import { isDevelopment } from '../app/mode'
import { log } from '../log'
import { createDiscovery } from './oidc-discovery'
import { callbackUrlOf, readPublicUrl, readSignInSettings, type Provider, type SignInSettings } from './sign-in-settings'

export type SignIn =
  | { readonly on: true; readonly development: boolean; readonly settings: SignInSettings; readonly discover: () => Promise<Configuration> }
  | { readonly on: false; readonly development: boolean; readonly reason: string }

let started: Promise<SignIn> | null = null

export function startSignIn(env: NodeJS.ProcessEnv): Promise<SignIn> {
  started = prepare(env).then((signIn) => {
    if (!signIn.on) log('warn', 'auth', `[svc] [auth] sign-in is off: ${signIn.reason}`)
    return signIn
  })
  return started
}

export function useSignIn(): Promise<SignIn> {
  if (!started) throw new Error('[svc] [auth] sign-in was never started')
  return started
}

async function prepare(env: NodeJS.ProcessEnv): Promise<SignIn> {
  const development = isDevelopment(env)
  const idpUrl = env.IDP_URL?.trim()
  // Production never falls back to the development provider.
  if (!idpUrl && !development) return { on: false, development, reason: 'IDP_URL is unset' }
  const publicUrl = readPublicUrl(env, development)
  if (publicUrl === null) return { on: false, development, reason: 'PUBLIC_URL is unset' }
  let provider: Provider
  if (idpUrl) {
    const configured = readProvider(env, idpUrl)
    if (typeof configured === 'string') return { on: false, development, reason: configured }
    provider = configured
  } else {
    try {
      provider = await startDevelopmentProvider(env, publicUrl)
    } catch (error) {
      log('error', 'auth', `[svc] [auth] the development provider did not start: ${(error as Error).message}`)
      return { on: false, development, reason: 'the development provider did not start (is DEV_IDP_PORT free?)' }
    }
  }
  const settings = readSignInSettings(env, provider, publicUrl)
  log('info', 'auth', 'sign-in ready', { issuer: settings.issuer.href, callback: settings.callbackUrl, scopes: settings.scopes.join(' ') })
  return { on: true, development, settings, discover: createDiscovery(provider) }
}

function readProvider(env: NodeJS.ProcessEnv, idpUrl: string): Provider | string {
  if (!URL.canParse(idpUrl)) return 'IDP_URL is not a URL'
  const clientId = env.OAUTH2_CLIENT_ID?.trim()
  const clientSecret = env.OAUTH2_CLIENT_SECRET?.trim()
  if (!clientId) return 'OAUTH2_CLIENT_ID is unset'
  if (!clientSecret) return 'OAUTH2_CLIENT_SECRET is unset'
  return { issuer: new URL(idpUrl), clientId, clientSecret }
}

// Loaded only in development, so production never even imports oidc-provider.
async function startDevelopmentProvider(env: NodeJS.ProcessEnv, publicUrl: string): Promise<Provider> {
  const { startDevIdp, readDevIdpPort } = await import('./dev-idp/start')
  return startDevIdp({
    port: readDevIdpPort(env),
    redirectUri: callbackUrlOf(publicUrl),
    groupPrefix: env.IDP_GROUP_PREFIX?.trim() ?? '',
  })
}
