// Sign-in settings read from the environment once, at start.

export interface SignInSettings {
  readonly issuer: URL
  readonly clientId: string
  readonly clientSecret: string
  /** `${PUBLIC_URL}/auth/callback`, registered at the identity provider. */
  readonly callbackUrl: string
  /**
   * Every callback registered, `callbackUrl` first. In development the default
   * PUBLIC_URL's loopback twin too (127.0.0.1 for localhost), so a browser
   * that opened the site by either name comes back to the name its cookie is on.
   */
  readonly callbackUrls: readonly string[]
  readonly scopes: readonly string[]
  /** Whether a phone number scope is requested, so userinfo's phone_number is read. */
  readonly wantsPhone: boolean
  readonly phoneCountry: string
  /** The provider's `<prefix><group>` is the content's `<group>`; '' when unshared. */
  readonly groupPrefix: string
}

export interface Provider {
  readonly issuer: URL
  readonly clientId: string
  readonly clientSecret: string
  /** The embedded development provider's own SCIM side and the token it takes. */
  readonly scim?: { readonly url: string; readonly token: string }
}

const BASE_SCOPES = ['openid', 'profile', 'email']
const PHONE_SCOPES = new Set(['phone', 'phoneNumber'])

/**
 * The site's own URL without a trailing slash. In development it defaults to
 * http://localhost:${PORT || 3000}; production never guesses it from a
 * request's Host header, which a caller controls.
 */
export function readPublicUrl(
  env: { readonly PUBLIC_URL?: string; readonly PORT?: number | string },
  development: boolean,
): string | null {
  const configured = env.PUBLIC_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  return development ? `http://localhost:${env.PORT ?? 3000}` : null
}

/** The callback URL of a site URL, as registered at the identity provider. */
export function callbackUrlOf(publicUrl: string): string {
  return `${publicUrl}/auth/callback`
}

/** The callbacks a development provider registers: PUBLIC_URL's, and its loopback twin when it is one. */
export function loopbackCallbacks(publicUrl: string): string[] {
  const url = new URL(publicUrl)
  const twin = url.hostname === 'localhost' ? '127.0.0.1' : url.hostname === '127.0.0.1' ? 'localhost' : null
  if (twin === null) return [callbackUrlOf(publicUrl)]
  const other = new URL(publicUrl)
  other.hostname = twin
  return [callbackUrlOf(publicUrl), callbackUrlOf(other.href.replace(/\/+$/, ''))]
}

/** The registered callback on the origin the browser is on, else PUBLIC_URL's. */
export function callbackFor(settings: Pick<SignInSettings, 'callbackUrl' | 'callbackUrls'>, origin: string): string {
  return settings.callbackUrls.find((url) => new URL(url).origin === origin) ?? settings.callbackUrl
}

/** `openid profile email` plus OIDC_EXTRA_SCOPES, space or comma separated. */
export function readScopes(extra: string | undefined): string[] {
  const added = (extra ?? '').split(/[\s,]+/).filter((scope) => scope !== '')
  return [...new Set([...BASE_SCOPES, ...added])]
}

export function readSignInSettings(
  env: { readonly OIDC_EXTRA_SCOPES?: string; readonly PHONE_COUNTRY?: string; readonly IDP_GROUP_PREFIX?: string },
  provider: Provider,
  publicUrl: string,
  callbackUrls: readonly string[] = [callbackUrlOf(publicUrl)],
): SignInSettings {
  const scopes = readScopes(env.OIDC_EXTRA_SCOPES)
  return {
    ...provider,
    callbackUrl: callbackUrlOf(publicUrl),
    callbackUrls,
    scopes,
    wantsPhone: scopes.some((scope) => PHONE_SCOPES.has(scope)),
    phoneCountry: env.PHONE_COUNTRY?.trim() || '+47',
    groupPrefix: env.IDP_GROUP_PREFIX?.trim() ?? '',
  }
}
