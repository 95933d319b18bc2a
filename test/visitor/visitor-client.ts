// A visitor as fetch with a cookie jar: opens pages, reads the forms the
// page offers and sends them the way a browser without script would.
import { createCookieFetch, postForm, type CookieFetch } from '../auth/cookie-fetch'

export { createCookieFetch, postForm, type CookieFetch }

export interface PostedForm {
  readonly action: URL
  /** The hidden inputs the service put in the form (CSRF, page, record). */
  readonly hidden: Record<string, string>
  /** What the form's drop-downs start on, as a browser would send them. */
  readonly selected: Record<string, string>
  readonly label: string
}

/** Text as the page's HTML escapes it, read back. */
export const unescape = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

function readForms(html: string, base: string): PostedForm[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, attrs = '', inner = '']) => {
    const action = new URL(unescape(/action="([^"]*)"/.exec(attrs)?.[1] ?? ''), base)
    const hidden: Record<string, string> = {}
    for (const [input] of inner.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input)?.[1]
      if (name !== undefined) hidden[name] = unescape(/value="([^"]*)"/.exec(input)?.[1] ?? '')
    }
    const selected: Record<string, string> = {}
    for (const [, name = '', options = ''] of inner.matchAll(
      /<select\b[^>]*name="([^"]*)"[^>]*>([\s\S]*?)<\/select>/gi,
    )) {
      const value = /<option value="([^"]*)" selected>/.exec(options)?.[1]
      if (value !== undefined) selected[name] = unescape(value)
    }
    const label = unescape(/<button[^>]*>([\s\S]*?)<\/button>/.exec(inner)?.[1] ?? '')
    return { action, hidden, selected, label }
  })
}

/** The page's form that files into `bucket`. */
export function bucketForm(html: string, base: string, bucket: string): PostedForm {
  const form = readForms(html, base).find((f) => f.action.pathname === `/file/${bucket}`)
  if (form === undefined) throw new Error(`no form for ${bucket} in:\n${html}`)
  return form
}

/** The self-move buttons of one record on the page. */
export function selfMoveButtons(html: string, base: string, id: string): PostedForm[] {
  return readForms(html, base).filter(
    (f) => f.action.pathname.startsWith('/self/') && f.action.pathname.endsWith(`/${id}`),
  )
}

/** The form a self move that closes the case answers with: the same button, asked again. */
export function confirmForm(html: string, base: string): PostedForm {
  const form = readForms(html, base).find((f) => f.hidden.svc_confirmed === 'yes')
  if (form === undefined) throw new Error('no confirmation form on the page')
  return form
}

export async function openPage(client: CookieFetch, url: string): Promise<{ status: number; html: string }> {
  const response = await client(url)
  return { status: response.status, html: await response.text() }
}

/** Opens `path`, fills in its form for `bucket` and sends it. */
export async function fileThrough(
  client: CookieFetch,
  base: string,
  path: string,
  bucket: string,
  fields: Record<string, string>,
): Promise<Response> {
  const { html } = await openPage(client, `${base}${path}`)
  const form = bucketForm(html, base, bucket)
  return postForm(client, form.action, { ...form.hidden, ...form.selected, ...fields })
}

/** The record id a filing redirect names. */
export function filedId(response: Response): string {
  const id = /[?&]filed=([A-Za-z0-9_-]+)/.exec(response.headers.get('location') ?? '')?.[1]
  if (id === undefined) throw new Error(`not a filing redirect: ${response.status} ${response.headers.get('location')}`)
  return id
}

/** The part of a page inside <main>, where lists and records are. */
export function mainOf(html: string): string {
  return /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? ''
}

/** One record's item in a list, by the name it is shown under. */
export function listItem(html: string, name: string): string | undefined {
  return [...html.matchAll(/<li class="record-item">[\s\S]*?<\/li>/g)]
    .map((m) => m[0])
    .find((item) => item.includes(`>${name}<`))
}
