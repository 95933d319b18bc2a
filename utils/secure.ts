import { useConfig } from '../server/config/use-config'

/** Cookies are Secure when the site is served over https. */
export function isSecureSite(): boolean {
  return (useConfig().PUBLIC_URL ?? '').startsWith('https://')
}

/**
 * A cookie's name as the browser keeps it: on https with the `__Host-` prefix,
 * which a browser accepts only from this very host, Secure, with Path=/ and no
 * Domain, so neither a sibling subdomain nor a plain-http answer can plant one.
 */
export function siteCookieName(name: string): string {
  return isSecureSite() ? `__Host-${name}` : name
}

/**
 * How every cookie of the service is set: never readable by scripts, sent
 * on top-level navigation from elsewhere but not on cross-site posts, Secure
 * on https. `lifetime` is how long it lasts.
 */
export function siteCookie(lifetime: { readonly maxAge?: number; readonly expires?: Date } = {}) {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecureSite(), ...lifetime } as const
}
