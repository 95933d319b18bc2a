// Setting the service's own cookies on a response. h3's setCookie re-reads
// and parses every Set-Cookie line already on the response to replace one of
// the same name, and checks each part with regular expressions; a first visit
// to a page with a form gets three cookies, and that cost more than the HMAC
// its form token needs (docs/performance.md). Every cookie made here has
// Path=/ and no Domain, so the line it replaces is found by its name alone.
import type { H3Event } from 'h3'
import { isSecureSite } from './secure'

/** The attributes of siteCookie() (./secure.ts), in the order h3 writes them. */
function attributes(): string {
  return `; Path=/; HttpOnly${isSecureSite() ? '; Secure' : ''}; SameSite=Lax`
}

/** The Set-Cookie line giving cookie `name` (a constant of the service) `value` for `maxAge` seconds; 0 deletes it. */
export function siteCookieLine(name: string, value: string, maxAge: number): string {
  // encodeURIComponent leaves nothing that could end the value or the line.
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAge)}${attributes()}`
}

/** Puts a line made by siteCookieLine on the response, replacing one for the same cookie set before. */
export function setSiteCookieLine(event: H3Event, line: string): void {
  const { res } = event.node
  const set = res.getHeader('set-cookie')
  if (set === undefined) {
    res.setHeader('set-cookie', line)
    return
  }
  const prefix = line.slice(0, line.indexOf('=') + 1)
  const kept = (Array.isArray(set) ? set : [String(set)]).filter((other) => !other.startsWith(prefix))
  res.setHeader('set-cookie', [...kept, line])
}

export function setSiteCookie(event: H3Event, name: string, value: string, maxAge: number): void {
  setSiteCookieLine(event, siteCookieLine(name, value, maxAge))
}
