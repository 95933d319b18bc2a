// One membership on a desk's People view: who, how they are reached, their
// stage and since when, and what the desk can do about it.
import type { MessageId } from '../../messages/en'
import type { Messages } from '../../messages/messages'
import type { Invite } from '../../people/invite-record'
import { inviteStateAt } from '../../people/invite-record'
import type { Membership } from '../../people/membership-record'
import { newSubmissionToken } from '../../forms/submission-token'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../../forms/service-fields'
import { renderTime } from '../desk/time'
import { phoneText } from '../answer-text'

export interface PeopleRow {
  readonly key: string
  readonly entry: Membership
  readonly invite: Invite | null
  /** Kept by the identity provider (PEOPLE_BACKEND=idp), not in svc_memberships. */
  readonly atProvider?: true
  /** What made the service put them in the provider's group; none when it was not the service. */
  readonly placedBy?: Membership['source']
}

const STAGE = {
  invited: 'people.stage.invited',
  active: 'people.stage.active',
  removed: 'people.stage.removed',
} as const satisfies Readonly<Record<Membership['state'], MessageId>>

const SOURCE = {
  invite: 'people.source.invite',
  grant: 'people.source.grant',
  seed: 'people.source.seed',
  responsible: 'people.source.responsible',
} as const satisfies Readonly<Record<Membership['source'], MessageId>>

export function renderMemberCard(action: string, row: PeopleRow, csrf: string, now: Date, m: Messages): SafeHtml {
  const { entry, invite } = row
  const reach = [entry.email, entry.phone && phoneText(entry.phone, m)].filter(
    (value): value is string => value !== undefined,
  )
  const who = entry.name || reach[0] || m.say('people.unknown')
  const linkState = invite === null || entry.state !== 'invited' ? null : inviteStateAt(invite, now)
  const link =
    linkState === 'open' && invite !== null
      ? html`<p class="member-link">${m.sayHtml('people.link-until', {
          until: renderTime(new Date(invite.expiresAt * 1000).toISOString(), m),
        })}</p>`
      : linkState === 'expired'
        ? html`<p class="member-link member-link-expired"><strong>${m.say('people.link-expired')}</strong></p>`
        : null
  const form = (verb: string, label: string, field: Record<string, string>, secondary = false) =>
    html`<form method="post" action="${action}" class="desk-move">${hiddenInputs({
      [CSRF_FIELD]: csrf,
      [SUBMISSION_FIELD]: newSubmissionToken(),
      do: verb,
      ...field,
    })}<button type="submit" class="button${secondary ? ' button-secondary' : ''}">${label}</button></form>`
  const buttons: SafeHtml[] = []
  if (linkState === 'expired' && invite !== null)
    buttons.push(form('reopen', m.say('people.fresh-link'), { invite: invite.id }))
  if (entry.state === 'removed') buttons.push(form('reinvite', m.say('people.invite-again'), { member: row.key }))
  else
    buttons.push(
      form('remove', m.say(entry.state === 'invited' ? 'people.withdraw' : 'people.remove'), { member: row.key }, true),
    )
  const stage = row.atProvider
    ? m.sayHtml(row.placedBy === undefined ? 'people.at-provider' : 'people.at-provider-placed', {
        badge: html`<span class="member-badge">${m.say('people.in-group')}</span>`,
        since: renderTime(entry.since, m),
        source: m.say(SOURCE[row.placedBy ?? entry.source]),
      })
    : m.sayHtml('people.stage-since', {
        stage: html`<span class="member-badge">${m.say(STAGE[entry.state])}</span>`,
        since: renderTime(entry.since, m),
        source: m.say(SOURCE[entry.source]),
      })
  return html`<li class="member member-${entry.state}"><p class="member-name"><strong>${who}</strong>${
    reach.length > 0 ? html` <span class="member-reach">${reach.join(' · ')}</span>` : null
  }</p><p class="member-stage">${stage}</p>${link}<div class="desk-moves">${buttons}</div></li>`
}
