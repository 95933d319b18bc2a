// fetch with a cookie jar and no automatic redirects, so a test walks a
// sign-in hop by hop like a browser would, across the service and the provider.

export interface CookieFetch {
  (url: string | URL, init?: RequestInit): Promise<Response>
  /** The cookie's value for that origin's host, if the jar holds it. */
  cookie(url: string | URL, name: string): string | undefined
  setCookie(url: string | URL, name: string, value: string): void
  /** A second browser holding the same cookies from now on. */
  copy(): CookieFetch
}

export function createCookieFetch(start: Map<string, Map<string, string>> = new Map()): CookieFetch {
  const jar = new Map([...start].map(([host, cookies]) => [host, new Map(cookies)]))
  const cookiesOf = (url: string | URL) => {
    const host = new URL(url).host
    const cookies = jar.get(host) ?? new Map<string, string>()
    jar.set(host, cookies)
    return cookies
  }
  const send = async (url: string | URL, init: RequestInit = {}) => {
    const cookies = cookiesOf(url)
    const headers = new Headers(init.headers)
    if (cookies.size > 0) headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await fetch(url, { ...init, headers, redirect: 'manual' })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const gone = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (gone) cookies.delete(name)
      else cookies.set(name, value)
    }
    return response
  }
  return Object.assign(send, {
    cookie: (url: string | URL, name: string) => cookiesOf(url).get(name),
    setCookie: (url: string | URL, name: string, value: string) => {
      cookiesOf(url).set(name, value)
    },
    copy: () => createCookieFetch(jar),
  })
}

/** The form's action and its fields with their values, from a page's HTML. */
export function readForm(html: string, base: string | URL): { action: URL; fields: Record<string, string> } {
  const form = /<form\b[^>]*>[\s\S]*?<\/form>/i.exec(html)?.[0]
  if (form === undefined) throw new Error(`no form in:\n${html}`)
  const action = new URL(/action="([^"]*)"/i.exec(form)?.[1]?.replace(/&amp;/g, '&') ?? '', base)
  const fields: Record<string, string> = {}
  for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(input)?.[1]
    if (name !== undefined) fields[name] = /value="([^"]*)"/i.exec(input)?.[1] ?? ''
  }
  return { action, fields }
}

export function postForm(client: CookieFetch, action: URL, fields: Record<string, string>): Promise<Response> {
  return client(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
}
