// The suggestion form as a browser without script sends it: every box with
// what it holds (or what the test types instead), the hidden CSRF, one-time
// token and revision.
import type { CookieFetch } from '../auth/cookie-fetch'
import { unescape } from '../visitor/visitor-client'

export interface SuggestForm {
  readonly status: number
  readonly html: string
  /** The hidden inputs. */
  readonly hidden: Record<string, string>
  /** Each box's text, by its name. */
  readonly boxes: Record<string, string>
}

export const suggestPath = (page: string): string => `/suggest?page=${encodeURIComponent(page)}`

export function readSuggestForm(status: number, html: string): SuggestForm {
  const form = /<form class="suggest-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? ''
  const hidden: Record<string, string> = {}
  for (const [input] of form.matchAll(/<input type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1]
    if (name !== undefined) hidden[name] = unescape(/value="([^"]*)"/.exec(input)?.[1] ?? '')
  }
  const boxes: Record<string, string> = {}
  // One newline follows <textarea>, as HTML drops it.
  for (const [, name, value] of form.matchAll(/<textarea[^>]*name="([^"]+)"[^>]*>\n([\s\S]*?)<\/textarea>/g))
    if (name !== undefined) boxes[name] = unescape(value ?? '')
  // A one-line title is an <input>.
  for (const [, name, value] of form.matchAll(/<input type="text"[^>]*name="([^"]+)" value="([^"]*)"/g))
    if (name !== undefined) boxes[name] = unescape(value ?? '')
  return { status, html, hidden, boxes }
}

export async function openSuggestForm(client: CookieFetch, base: string, page: string): Promise<SuggestForm> {
  const response = await client(`${base}${suggestPath(page)}`)
  return readSuggestForm(response.status, await response.text())
}

export interface Sent {
  readonly status: number
  readonly location: string | null
  readonly html: string
}

/** Posts `form` with `typed` over its boxes (and `extra` over anything, hidden fields included). */
export async function postSuggestion(
  client: CookieFetch,
  base: string,
  page: string,
  form: SuggestForm,
  typed: Record<string, string>,
  extra: Record<string, string> = {},
): Promise<Sent> {
  const response = await client(`${base}${suggestPath(page)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ ...form.hidden, ...form.boxes, ...typed, ...extra }).toString(),
  })
  return { status: response.status, location: response.headers.get('location'), html: await response.text() }
}

/** Opens the form and sends it with `typed`. */
export async function suggest(
  client: CookieFetch,
  base: string,
  page: string,
  typed: Record<string, string>,
): Promise<Sent> {
  return postSuggestion(client, base, page, await openSuggestForm(client, base, page), typed)
}
