// The mail that carries an invite's link, in the site's first storyline and
// language. The words are the catalogue's; names from the form and the
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
  const m = messagesFor(site, 0)
  const desks = groupDesks(site, createPolicyEngine(site), invite.group).map(
    (desk) => textAt(desk.title, 0) || desk.name,
  )
  const intro = m.say('mail.invite.intro', {
    inviter: markdownText(inviter),
    group: markdownText(groupLabel(site, invite.group, 0)),
    site: markdownText(brand.name),
  })
  const opens =
    desks.length === 0 ? '' : ` ${m.say('mail.invite.desks', { desks: markdownText(listText(m.language, desks)) })}`
  const follow =
    expiresAt === undefined
      ? m.say('mail.invite.follow')
      : m.say('mail.invite.follow-until', { until: timeText(new Date(expiresAt * 1000).toISOString(), m) })
  const body = `${m.say('mail.hello', { name: markdownText(invite.name) })}\n\n${intro}${opens}\n\n${follow}`
  return {
    id: `${INVITES_MAIL_BUCKET}:${invite.id}:${invite.round}`,
    to: { email },
    subject: m.say('mail.invite.subject', { site: brand.name }),
    body,
    record: { bucket: INVITES_MAIL_BUCKET, id: invite.id },
    storyline,
    link,
    audience: 'invitee',
    button: m.say('mail.invite.button'),
    brand,
  }
}
