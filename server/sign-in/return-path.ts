// Where to go after signing in: a path on this site, never anywhere else.
const HOME = '/'
const BASE = 'http://svc.invalid'

export function sanitizeReturnPath(input: unknown): string {
  if (typeof input !== 'string' || input.length > 2000) return HOME
  // `//host` and `/\host` leave the site; browsers also read `\` as `/` and
  // drop tabs and newlines, so any of those is refused outright.
  if (!/^\/(?![/\\])/.test(input) || /[\\\u0000-\u0020\u007f]/.test(input)) return HOME
  let url: URL
  try {
    url = new URL(input, BASE)
  } catch {
    return HOME
  }
  if (url.origin !== BASE) return HOME
  // Dot segments are resolved only now: `/.//host` or `/a/..//host` becomes
  // `//host`, which leaves the site as surely as the input form it was refused in.
  if (/^\/[/\\]/.test(url.pathname)) return HOME
  // Back into the sign-in itself would only loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return HOME
  return `${url.pathname}${url.search}${url.hash}`
}
