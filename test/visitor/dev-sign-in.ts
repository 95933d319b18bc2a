// Signing in through the development provider with fetch: the provider's
// page has one form per demo person; the chosen one is sent.
import { postForm, type CookieFetch } from '../auth/cookie-fetch'

/**
 * Signs in and hands back the first address on the site outside /auth/ that the sign-in led to. `person` is a demo
 * person's id, or an address for the provider's "someone else" form.
 */
export async function signInAs(client: CookieFetch, site: string, person: string, returnTo = '/'): Promise<URL> {
  let response = await client(`${site}/auth/sign-in?return=${encodeURIComponent(returnTo)}`)
  let at = new URL(`${site}/auth/sign-in`)
  for (let hop = 0; hop < 12; hop++) {
    if (response.status === 200) {
      const html = await response.text()
      const byAddress = person.includes('@')
      const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find(([, , inner]) =>
        byAddress ? inner?.includes('name="email"') : inner?.includes(`value="${person}"`),
      )
      if (form?.[1] === undefined) throw new Error(`no sign-in button for ${person} at ${at.href}`)
      response = await postForm(client, new URL(form[1], at), byAddress ? { email: person } : { person })
      continue
    }
    const location = response.headers.get('location')
    if (location === null) {
      const said = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(await response.text())?.[1] ?? ''
      throw new Error(`sign-in stuck at ${at.href} with ${response.status}: ${said}`)
    }
    at = new URL(location, at)
    if (at.origin === new URL(site).origin && !at.pathname.startsWith('/auth/')) return at
    response = await client(at)
  }
  throw new Error('the sign-in did not come back to the site')
}
