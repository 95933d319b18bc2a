// What the soak's and the mixed bench's simulated people do, one step at a
// time: each step answers what it was, the HTTP status it met, how long it
// took and whether that status is one a working service gives there. A
// status of 0 is a request that got no answer at all (connection reset,
// time-out).
import { createCookieFetch, readForm, type CookieFetch } from '../../test/auth/cookie-fetch'

export interface Hit {
  readonly what: string
  readonly status: number
  readonly ms: number
  readonly ok: boolean
}

const FORM_POST = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }

async function timed(
  what: string,
  expected: readonly number[],
  client: CookieFetch | typeof fetch,
  url: string,
  init?: RequestInit,
): Promise<{ hit: Hit; body: string }> {
  const started = performance.now()
  try {
    const response = await client(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    const body = await response.text()
    const { status } = response
    return { hit: { what, status, ms: performance.now() - started, ok: expected.includes(status) }, body }
  } catch {
    return { hit: { what, status: 0, ms: performance.now() - started, ok: false }, body: '' }
  }
}

/** An anonymous visitor reading one page. */
export async function viewPage(base: string, path: string): Promise<Hit[]> {
  return [(await timed('page view', [200], fetch, `${base}${path}`)).hit]
}

/** A new visitor who opens the home page and files a pothole through its form; the post's 303 is an accepted filing. */
export async function fileReport(base: string, n: number): Promise<Hit[]> {
  const client = createCookieFetch()
  const page = await timed('filing: form page', [200], client, `${base}/`)
  const at = page.body.indexOf('action="/file/potholes"')
  if (at < 0) return [{ ...page.hit, ok: false }]
  const form = readForm(page.body.slice(page.body.lastIndexOf('<form', at)), base)
  const body = new URLSearchParams({ ...form.fields, street: `Bench Street ${n}`, kind: 'pothole' })
  const filed = await timed('filing: post', [303], client, form.action.href, { ...FORM_POST, body })
  return [page.hit, filed.hit]
}

/**
 * A caseworker who lists the first page (25 records) of the desk's pothole
 * bucket, opens one of its cases (`pick` chooses which) and presses its first
 * move button; the move's 303 is a move made, a 409 someone else's move first.
 */
export async function workDesk(
  client: CookieFetch,
  base: string,
  pick: (links: readonly string[]) => string | undefined = (links) => links[0],
): Promise<Hit[]> {
  const listing = await timed('desk: listing', [200], client, `${base}/desk/caseworkers?bucket=potholes`)
  const links = [...listing.body.matchAll(/href="(\/desk\/caseworkers\/potholes\/[\w-]+)"/g)].map(([, link]) => link!)
  const link = pick(links)
  if (link === undefined) return [listing.hit]
  const record = await timed('desk: record', [200], client, `${base}${link}`)
  const at = record.body.indexOf('class="desk-move"')
  if (at < 0) return [listing.hit, record.hit]
  const form = readForm(record.body.slice(record.body.lastIndexOf('<form', at)), base)
  const body = new URLSearchParams(form.fields)
  const moved = await timed('desk: move', [303, 409], client, form.action.href, { ...FORM_POST, body })
  return [listing.hit, record.hit, moved.hit]
}

/**
 * The pages an anonymous visitor reaches by following links from `/`, two
 * clicks deep, that answer 200: the site's own pages, not the service's
 * (sign-in, desks, assets).
 */
export async function findPages(base: string, limit = 40): Promise<string[]> {
  const found = ['/']
  const seen = new Set(found)
  for (let depth = 0, from = 0; depth < 2; depth++) {
    const level = found.slice(from)
    from = found.length
    for (const path of level) {
      const page = await timed('crawl', [200], fetch, `${base}${path}`)
      for (const [, link] of page.body.matchAll(/href="(\/[^"?#]*)"/g)) {
        if (seen.has(link!) || /^\/(auth|desk|pkg|file|self|site|automation|hooks)(\/|$)|\.\w+$/.test(link!)) continue
        seen.add(link!)
        if (found.length < limit && (await timed('crawl', [200], fetch, `${base}${link!}`)).hit.ok) found.push(link!)
      }
    }
  }
  return found
}

/**
 * A caseworker on the People view: it, an invite of someone new into
 * volunteers (mailed), and a visitor opening a link that is not one.
 */
export async function workPeople(client: CookieFetch, base: string, n: number): Promise<Hit[]> {
  const people = await timed('people: view', [200], client, `${base}/desk/caseworkers/people`)
  const at = people.body.indexOf('name="do" value="invite"')
  if (at < 0) return [people.hit]
  const form = readForm(people.body.slice(people.body.lastIndexOf('<form', at)), base)
  const body = new URLSearchParams({
    ...form.fields,
    name: `Soak Person ${n}`,
    contact: `soak${n}@example.org`,
    group: 'volunteers',
  })
  const invited = await timed('people: invite', [303], client, form.action.href, { ...FORM_POST, body })
  const link = await timed('people: a bad link', [404], fetch, `${base}/invite/${'a'.repeat(48)}`)
  return [people.hit, invited.hit, link.hit]
}
