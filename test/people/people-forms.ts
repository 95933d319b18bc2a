// The People view's forms as a browser without script sends them: the one
// form on the page for a `do` (and the member or invite it names), with its
// hidden CSRF and one-time tokens, plus what the test types.
import type { CookieFetch } from '../auth/cookie-fetch'

export interface Sent {
  readonly status: number
  readonly location: string | null
  readonly body: string
}

/** The hidden fields of the first form whose fields include every one in `match`. */
export function formFields(html: string, match: Record<string, string>): Record<string, string> {
  for (const [form] of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)) {
    const fields: Record<string, string> = {}
    for (const [input] of form.matchAll(/<input\b[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(input)?.[1]
      if (name !== undefined && /type="hidden"/i.test(input))
        fields[name] = (/value="([^"]*)"/i.exec(input)?.[1] ?? '').replace(/&amp;/g, '&')
    }
    if (Object.entries(match).every(([name, value]) => fields[name] === value)) return fields
  }
  throw new Error(`no form with ${JSON.stringify(match)} in:\n${html.slice(0, 4000)}`)
}

export async function postPeople(
  client: CookieFetch,
  base: string,
  desk: string,
  match: Record<string, string>,
  typed: Record<string, string> = {},
): Promise<Sent> {
  const page = await client(`${base}/desk/${desk}/people`)
  const html = await page.text()
  if (page.status !== 200) throw new Error(`the People view answered ${page.status}`)
  const response = await client(`${base}/desk/${desk}/people`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({ ...formFields(html, match), ...typed }).toString(),
  })
  return { status: response.status, location: response.headers.get('location'), body: await response.text() }
}

export function invite(
  client: CookieFetch,
  base: string,
  desk: string,
  person: { name: string; contact: string; group: string },
): Promise<Sent> {
  return postPeople(client, base, desk, { do: 'invite' }, person)
}

/** The encoded membership key of the card showing `text` (a name or an address), from the People view's HTML. */
export function memberKey(html: string, text: string, verb = 'remove'): string {
  const card = [...html.matchAll(/<li class="member[^"]*">([\s\S]*?)<\/li>/g)].find(([, inner]) =>
    inner?.includes(text),
  )
  const key =
    card?.[1] === undefined
      ? undefined
      : new RegExp(`name="do" value="${verb}"`).test(card[1])
        ? /name="member" value="([^"]+)"/.exec(card[1])?.[1]
        : undefined
  if (key === undefined) throw new Error(`no ${verb} button for ${text}`)
  return key
}

/** The `/invite/<token>` path in a mail's text. */
export function invitePathIn(text: string): string {
  const path = /\/invite\/[a-z2-7]{48}/.exec(text)?.[0]
  if (path === undefined) throw new Error(`no invite link in:\n${text}`)
  return path
}
