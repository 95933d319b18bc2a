// What the People security tests share: a People form's fields taken once and
// sent as often as the attacker likes, a field of the invite form with its
// error, the link on the phone-invite page, and the mail in the development
// outbox (/dev/outbox), read over HTTP like a developer would.
import { randomBytes } from 'node:crypto'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { CookieFetch } from '../auth/cookie-fetch'
import { formFields, type Sent } from '../people/people-forms'

export const peopleUrl = (base: string, desk: string): string => `${base}/desk/${desk}/people`

/** The People view as the client sees it. */
export async function peopleView(client: CookieFetch, base: string, desk: string): Promise<string> {
  const page = await client(peopleUrl(base, desk))
  if (page.status !== 200) throw new Error(`the People view of ${desk} answered ${page.status}`)
  return page.text()
}

/** The hidden fields of one form on the People view, to send (and send again) later. */
export async function takeForm(
  client: CookieFetch,
  base: string,
  desk: string,
  match: Record<string, string>,
): Promise<Record<string, string>> {
  return formFields(await peopleView(client, base, desk), match)
}

/** Posts fields to a desk's People view as a browser on the site's own page would. */
export async function sendPeople(
  client: CookieFetch,
  base: string,
  desk: string,
  fields: Record<string, string>,
): Promise<Sent> {
  const response = await client(peopleUrl(base, desk), {
    method: 'POST',
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams(fields).toString(),
  })
  return { status: response.status, location: response.headers.get('location'), body: await response.text() }
}

/** A one-time form token of the shape the service makes, never shown by it. */
export const freshSubmission = (): string => randomBytes(16).toString('base64url')

/** The invite form's block for one field: label, error and control. */
export function inviteField(html: string, name: 'name' | 'contact' | 'group'): string {
  const block = new RegExp(`<div class="field[^"]*"><label for="invite-${name}">[\\s\\S]*?</div>`).exec(html)?.[0]
  if (block === undefined) throw new Error(`no ${name} field in:\n${html.slice(0, 4000)}`)
  return block
}

/** The invite link the phone-invite page shows, as a path. */
export function shownLinkPath(html: string): string {
  const value = /<input type="text" class="invite-link" readonly value="([^"]+)"/.exec(html)?.[1]
  if (value === undefined) throw new Error(`no invite link on:\n${html.slice(0, 4000)}`)
  return new URL(value.replace(/&amp;/g, '&')).pathname
}

/** The mail in the development outbox sent to `address`. */
export async function mailsTo(base: string, address: string): Promise<ParsedMail[]> {
  const list = await (await fetch(`${base}/dev/outbox`)).text()
  const names = [...list.matchAll(/<article aria-labelledby="mail-([^"]+)">[\s\S]*?<p class="outbox-sent">(.*?)<\/p>/g)]
    .filter(([, , to]) => to?.toLowerCase().includes(address.toLowerCase()))
    .map(([, name]) => name ?? '')
  return Promise.all(
    names.map(async (name) => simpleParser(Buffer.from(await (await fetch(`${base}/dev/outbox/${name}`)).text()))),
  )
}
