// Signing in as a browser does: GET /auth/sign-in, the provider's login form,
// its consent form, back to /auth/callback, by following every redirect.
import { postForm, readForm, type CookieFetch } from './cookie-fetch'

export interface FlowEnd {
  /** The callback URL the provider sent the browser to. */
  readonly callback: URL
}

/** Walks up to the callback (at `callbackAt`, PUBLIC_URL, when the sign-in began at another address) without following it. */
export async function signInUntilCallback(
  client: CookieFetch,
  service: string,
  login: string,
  returnTo = '/',
  callbackAt = service,
): Promise<FlowEnd> {
  let response = await client(`${service}/auth/sign-in?return=${encodeURIComponent(returnTo)}`)
  let at = new URL(`${service}/auth/sign-in`)
  for (let hop = 0; hop < 12; hop++) {
    const location = response.headers.get('location')
    if (response.status === 200) {
      const { action, fields } = readForm(await response.text(), at)
      if (fields.prompt === 'login') Object.assign(fields, { login, password: 'any password' })
      response = await postForm(client, action, fields)
      continue
    }
    if (location === null) throw new Error(`stuck at ${at.href} with ${response.status}: ${await response.text()}`)
    at = new URL(location, at)
    if (at.href.startsWith(`${callbackAt}/auth/callback`)) return { callback: at }
    response = await client(at)
  }
  throw new Error('the sign-in did not reach the callback')
}

/** Signs in and returns where the service sent the browser afterwards. */
export async function signIn(client: CookieFetch, service: string, login: string, returnTo = '/'): Promise<string> {
  const { callback } = await signInUntilCallback(client, service, login, returnTo)
  const response = await client(callback)
  if (response.status !== 302) throw new Error(`callback answered ${response.status}: ${await response.text()}`)
  return response.headers.get('location') ?? ''
}
