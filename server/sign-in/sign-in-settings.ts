// Sign-in settings read from the environment once, at start.

export interface SignInSettings {
  readonly issuer: URL
  readonly clientId: string
  readonly clientSecret: string
  /** `${PUBLIC_URL}/auth/callback`, registered at the identity provider. */
  readonly callbackUrl: string
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

/** The one callback URL, registered at the identity provider. */
export function callbackUrlOf(publicUrl: string): string {
  return `${publicUrl}/auth/callback`
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
): SignInSettings {
  const scopes = readScopes(env.OIDC_EXTRA_SCOPES)
  return {
    ...provider,
    callbackUrl: callbackUrlOf(publicUrl),
    scopes,
    wantsPhone: scopes.some((scope) => PHONE_SCOPES.has(scope)),
    phoneCountry: env.PHONE_COUNTRY?.trim() || '+47',
    groupPrefix: env.IDP_GROUP_PREFIX?.trim() ?? '',
  }
}
