// What the soak's simulated people do, one step at a time, each answering the
// HTTP statuses it met and how long each request took. A status of 0 is a
// request that got no answer at all (connection reset, time-out).
import { createCookieFetch, readForm, type CookieFetch } from '../../test/auth/cookie-fetch'

export interface Hit {
  readonly status: number
  readonly ms: number
}

const PAGES = ['/', '/about', '/potholes', '/districts', '/my-reports', '/report', '/healthz']

async function timed(
  client: CookieFetch | typeof fetch,
  url: string,
  init?: RequestInit,
): Promise<Hit & { body: string }> {
  const started = performance.now()
  try {
    const response = await client(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    const body = await response.text()
    return { status: response.status, ms: performance.now() - started, body }
  } catch {
    return { status: 0, ms: performance.now() - started, body: '' }
  }
}

/** An anonymous visitor reading one page. */
export async function viewPage(base: string, n: number): Promise<Hit[]> {
  const { status, ms } = await timed(fetch, `${base}${PAGES[n % PAGES.length]!}`)
  return [{ status, ms }]
}

/** A new visitor who opens the home page and files a pothole through its form. */
export async function fileReport(base: string, n: number): Promise<Hit[]> {
  const client = createCookieFetch()
  const page = await timed(client, `${base}/`)
  if (page.status !== 200) return [page]
  const at = page.body.indexOf('action="/file/potholes"')
  if (at < 0) return [{ status: 0, ms: page.ms }]
  const form = readForm(page.body.slice(page.body.lastIndexOf('<form', at)), base)
  const body = new URLSearchParams({ ...form.fields, street: `Soak Street ${n}`, kind: 'pothole' })
  const filed = await timed(client, form.action.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
  return [page, filed]
}

/** A caseworker who opens the desk, opens its first case and presses its first move button. */
export async function workDesk(client: CookieFetch, base: string): Promise<Hit[]> {
  const listing = await timed(client, `${base}/desk/caseworkers`)
  const link = /href="(\/desk\/caseworkers\/potholes\/[\w-]+)"/.exec(listing.body)?.[1]
  if (listing.status !== 200 || link === undefined) return [listing]
  const record = await timed(client, `${base}${link}`)
  const at = record.body.indexOf('class="desk-move"')
  if (record.status !== 200 || at < 0) return [listing, record]
  const form = readForm(record.body.slice(record.body.lastIndexOf('<form', at)), base)
  const moved = await timed(client, form.action.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form.fields),
  })
  return [listing, record, moved]
}
