// One membership on a desk's People view: who, how they are reached, their
// stage and since when, and what the desk can do about it.
import type { Invite } from '../../people/invite-record'
import { inviteStateAt } from '../../people/invite-record'
import type { Membership } from '../../people/membership-record'
import { newSubmissionToken } from '../../forms/submission-token'
import { CSRF_FIELD, hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../service-fields'
import { renderTime, type Clock } from '../desk/time'

export interface PeopleRow {
  readonly key: string
  readonly entry: Membership
  readonly invite: Invite | null
}

const STAGE: Readonly<Record<Membership['state'], string>> = {
  invited: 'Invited',
  active: 'Active',
  removed: 'Removed',
}

const SOURCE: Readonly<Record<Membership['source'], string>> = {
  invite: 'by invite',
  grant: 'by a case (grants)',
  seed: 'first person (seed)',
  responsible: 'responsible for a page',
}

export function renderMemberCard(action: string, row: PeopleRow, csrf: string, now: Date, clock: Clock): SafeHtml {
  const { entry, invite } = row
  const reach = [entry.email, entry.phone].filter((value): value is string => value !== undefined)
  const who = entry.name || reach[0] || 'Someone known only by their sign-in'
  const linkState = invite === null || entry.state !== 'invited' ? null : inviteStateAt(invite, now)
  const link =
    linkState === 'open' && invite !== null
      ? html`<p class="member-link">The link works until ${renderTime(new Date(invite.expiresAt * 1000).toISOString(), clock)}.</p>`
      : linkState === 'expired'
        ? html`<p class="member-link member-link-expired"><strong>The invite link has run out.</strong></p>`
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
    buttons.push(form('reopen', 'Send a fresh link', { invite: invite.id }))
  if (entry.state === 'removed') buttons.push(form('reinvite', 'Invite again', { member: row.key }))
  else
    buttons.push(
      form('remove', entry.state === 'invited' ? 'Withdraw the invite' : 'Remove', { member: row.key }, true),
    )
  return html`<li class="member member-${entry.state}"><p class="member-name"><strong>${who}</strong>${
    reach.length > 0 ? html` <span class="member-reach">${reach.join(' · ')}</span>` : null
  }</p><p class="member-stage"><span class="member-badge">${STAGE[entry.state]}</span> since ${renderTime(entry.since, clock)}, ${
    SOURCE[entry.source]
  }</p>${link}<div class="desk-moves">${buttons}</div></li>`
}
