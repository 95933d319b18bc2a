// A person's browser on a site served by several instances: one cookie jar for
// all of them, as behind a load balancer, and a sign-in tried again when a
// page says "try again in a moment".
import type { CookieFetch } from '../auth/cookie-fetch'
import { sleep } from '../bus/wait'
import { signInAs } from '../visitor/dev-sign-in'

/** Fetch with one jar for every instance in `sites()` (and one per other host, such as the provider). */
export function createSiteBrowser(sites: () => string[]): CookieFetch {
  const jars = new Map<string, Map<string, string>>()
  const jarOf = (url: string | URL) => {
    const host = new URL(url).host
    const key = sites().some((site) => new URL(site).host === host) ? 'site' : host
    const jar = jars.get(key) ?? new Map<string, string>()
    jars.set(key, jar)
    return jar
  }
  const send = async (url: string | URL, init?: RequestInit) => {
    const jar = jarOf(url)
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      if (value === '' || attributes.some((part) => /^\s*max-age=0\s*$/i.test(part))) jar.delete(name)
      else jar.set(name, value)
    }
    return response
  }
  return Object.assign(send, {
    cookie: (url: string | URL, name: string) => jarOf(url).get(name),
    setCookie: (url: string | URL, name: string, value: string) => void jarOf(url).set(name, value),
    copy: () => createSiteBrowser(sites),
  })
}

/** Signs in as a person would: a refused attempt is noted in `retries` and tried again a moment later, a few times. */
export async function signInPatiently(
  client: CookieFetch,
  site: string,
  person: string,
  retries: string[],
  returnTo?: string,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await signInAs(client, site, person, returnTo)
      return
    } catch (error) {
      retries.push(`${new Date().toISOString()} ${person}: ${String(error).slice(0, 200)}`)
      if (attempt === 5) throw error
      await sleep(1000)
    }
  }
}
