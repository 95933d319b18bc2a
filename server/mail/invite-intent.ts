// The mail that carries an invite's link, in the site's first storyline and
// language. The words are the service's own; names from the form and the
// content are escaped so they read as plain text.
import { groupLabel } from '../content/group-label'
import { listText } from '../messages/list-text'
import { messagesFor } from '../messages/messages'
import { createPolicyEngine } from '../policy/engine'
import { groupDesks } from '../policy/questions'
import { textAt } from '../content/storyline'
import { timeText } from '../render/desk/time'
import type { SiteModel } from '../content/model'
import { brandOf, type MailIntent } from './mail-intent'
import { markdownText } from './mail-text'

export const INVITES_MAIL_BUCKET = 'svc_invites'

interface Words {
  readonly subject: (site: string) => string
  readonly body: (p: {
    inviter: string
    name: string
    group: string
    /** The desks the group opens, as one list; empty when it opens none. */
    desks: string
    site: string
    /** When the link runs out; null for a plain sign-in link, which does not. */
    until: string | null
  }) => string
  readonly button: string
}

const ENGLISH: Words = {
  subject: (site) => `You are invited to ${site}`,
  body: (p) =>
    `Hello ${p.name},\n\n${p.inviter} has invited you to join **${p.group}** at ${p.site}.` +
    (p.desks === '' ? '\n\n' : ` As one of them you can open the ${p.desks}.\n\n`) +
    (p.until === null
      ? 'Follow the link and sign in with this address.'
      : `Follow the link and sign in to accept. The link works until ${p.until}.`),
  button: 'Accept the invite',
}

const WORDS: Readonly<Record<string, Words>> = {
  en: ENGLISH,
  nb: {
    subject: (site) => `Du er invitert til ${site}`,
    body: (p) =>
      `Hei ${p.name},\n\n${p.inviter} har invitert deg inn i **${p.group}** hos ${p.site}.` +
      (p.desks === '' ? '\n\n' : ` Som en av dem kan du åpne ${p.desks}.\n\n`) +
      (p.until === null
        ? 'Følg lenken og logg inn med denne adressen.'
        : `Følg lenken og logg inn for å takke ja. Lenken virker til ${p.until}.`),
    button: 'Takk ja',
  },
  nn: {
    subject: (site) => `Du er invitert til ${site}`,
    body: (p) =>
      `Hei ${p.name},\n\n${p.inviter} har invitert deg inn i **${p.group}** hjå ${p.site}.` +
      (p.desks === '' ? '\n\n' : ` Som ein av dei kan du opne ${p.desks}.\n\n`) +
      (p.until === null
        ? 'Følg lenka og logg inn med denne adressa.'
        : `Følg lenka og logg inn for å takke ja. Lenka verkar til ${p.until}.`),
    button: 'Takk ja',
  },
}

export interface InviteMailInput {
  readonly site: SiteModel
  readonly invite: { readonly id: string; readonly round: number; readonly name: string; readonly group: string }
  readonly email: string
  readonly inviter: string
  readonly link: string
  /** Seconds since the epoch; none for a link that does not run out. */
  readonly expiresAt?: number
}

export function buildInviteIntent({ site, invite, email, inviter, link, expiresAt }: InviteMailInput): MailIntent {
  const storyline = site.storylines[0] ?? ''
  const brand = brandOf(site, storyline)
  const words = WORDS[brand.language.split('-')[0] ?? 'en'] ?? ENGLISH
  const until =
    expiresAt === undefined ? null : timeText(new Date(expiresAt * 1000).toISOString(), messagesFor(site, 0))
  const desks = groupDesks(site, createPolicyEngine(site), invite.group)
  const body = words.body({
    inviter: markdownText(inviter),
    name: markdownText(invite.name),
    group: markdownText(groupLabel(site, invite.group, 0)),
    desks: markdownText(
      listText(
        brand.language,
        desks.map((desk) => textAt(desk.title, 0) || desk.name),
      ),
    ),
    site: markdownText(brand.name),
    until,
  })
  return {
    id: `${INVITES_MAIL_BUCKET}:${invite.id}:${invite.round}`,
    to: { email },
    subject: words.subject(brand.name),
    body,
    record: { bucket: INVITES_MAIL_BUCKET, id: invite.id },
    storyline,
    link,
    audience: 'invitee',
    button: words.button,
    brand,
  }
}
