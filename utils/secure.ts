import { useConfig } from '../server/config/use-config'

/** Cookies are Secure when the site is served over https. */
export function isSecureSite(): boolean {
  return (useConfig().PUBLIC_URL ?? '').startsWith('https://')
}
