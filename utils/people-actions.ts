// What each People form does, once the post is known to be the person's own
// and new: invite, remove, invite again, send a fresh link. Each answers with
// a redirect back to the People view, the link to pass on (a phone invite),
// or the view again with the problem told.
import { sendRedirect, setResponseHeader, type H3Event } from 'h3'
import { usePeople } from '../server/app/people'
import { usePeopleBackend } from '../server/app/people-backend'
import { useConfig } from '../server/config/use-config'
import type { FormBody } from '../server/forms/form-body'
import { isInviteId } from '../server/people/invite-token'
import { parseInviteForm } from '../server/people/invite-form'
import type { InviteContact, InviteOutcome } from '../server/people/invite-person'
import { inviteStateAt } from '../server/people/invite-record'
import { mostPrivilegedGroup } from '../server/people/most-privileged'
import type { Actor } from '../server/records/types'
import { renderInviteLinkPage } from '../server/render/people/invite-link-page'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'
import { sendPeoplePage, type PeopleRequest } from './people-request'
import { peoplePath } from '../server/content/paths'
import { messagesFor } from '../server/messages/messages'
import { said } from '../server/messages/said'
import { groupLabel } from '../server/content/group-label'

type Asked = Exclude<PeopleRequest, { sent: string }>

const field = (body: FormBody, name: string): string => {
  const value = body.get(name)
  return typeof value === 'string' ? value : ''
}

export async function inviteFromForm(event: H3Event, asked: Asked, body: FormBody, actor: Actor) {
  const form = parseInviteForm(body, asked.groups, useConfig().PHONE_COUNTRY)
  if (!form.ok) return sendPeoplePage(event, asked, { form: { kept: form.kept, errors: form.errors } }, 400)
  const { group, contact, name } = form
  const outcome = await inviteOnDesk(asked, { group, contact, name }, actor)
  if (outcome.kind === 'member') {
    const kept = { name: field(body, 'name'), contact: field(body, 'contact'), group }
    const errors = {
      contact: said('people.invalid.member', { group: groupLabel(asked.req.site, group, asked.req.story) }),
    }
    return sendPeoplePage(event, asked, { form: { kept, errors } }, 409)
  }
  return answerInvite(event, asked, outcome)
}

export async function removeFromForm(event: H3Event, asked: Asked, body: FormBody, actor: Actor) {
  const [deps, backend] = await Promise.all([usePeople(), usePeopleBackend()])
  const key = field(body, 'member')
  const member = await backend.member(key, asked.groups)
  if (member === null) return gone(event, asked)
  const protectedGroup = mostPrivilegedGroup(deps.site, useConfig().SEED_GROUP)
  const outcome = await backend.remove({ key, actor, now: new Date(), protectedGroup })
  if (outcome === 'gone') return gone(event, asked)
  if (outcome === 'last-of-most-privileged') {
    const name = member.name || messagesFor(asked.req.site, asked.req.story).say('people.this-person')
    const notice = { said: said('people.last-member', { name, group: member.group }), problem: true }
    return sendPeoplePage(event, asked, { notice }, 409)
  }
  return sendRedirect(event, `${peoplePath(asked.desk.name)}?done=removed`, 303)
}

export async function reinviteFromForm(event: H3Event, asked: Asked, body: FormBody, actor: Actor) {
  const deps = await usePeople()
  const key = field(body, 'member')
  const member = (await deps.memberships.view()).inGroups(asked.groups).find((m) => m.key === key)
  if (member === undefined || member.entry.state !== 'removed') return gone(event, asked)
  const { entry } = member
  const contact: InviteContact | null =
    entry.email !== undefined
      ? { email: entry.email }
      : entry.phone !== undefined
        ? { phone: entry.phone }
        : entry.subject !== undefined
          ? { subject: entry.subject }
          : null
  if (contact === null) return gone(event, asked)
  const outcome = await inviteOnDesk(asked, { group: entry.group, contact, name: entry.name ?? '' }, actor)
  return outcome.kind === 'member' ? gone(event, asked) : answerInvite(event, asked, outcome)
}

export async function reopenFromForm(event: H3Event, asked: Asked, body: FormBody, actor: Actor) {
  const deps = await usePeople()
  const id = field(body, 'invite')
  const invite = isInviteId(id) ? await deps.invites.get(id) : null
  if (invite === null || !asked.groups.includes(invite.group) || inviteStateAt(invite, new Date()) !== 'expired')
    return gone(event, asked)
  const contact: InviteContact | null =
    invite.email !== undefined ? { email: invite.email } : invite.phone !== undefined ? { phone: invite.phone } : null
  if (contact === null) return gone(event, asked)
  const outcome = await inviteOnDesk(asked, { group: invite.group, contact, name: invite.name }, actor)
  return outcome.kind === 'member' ? gone(event, asked) : answerInvite(event, asked, outcome)
}

async function inviteOnDesk(
  asked: Asked,
  who: { group: string; contact: InviteContact; name: string },
  actor: Actor,
): Promise<InviteOutcome> {
  const backend = await usePeopleBackend()
  return backend.invite({ ...who, desk: asked.desk.name, actor, source: 'invite', now: new Date() })
}

async function answerInvite(event: H3Event, asked: Asked, outcome: Exclude<InviteOutcome, { kind: 'member' }>) {
  const back = peoplePath(asked.desk.name)
  if (outcome.mailed) return sendRedirect(event, `${back}?done=invited`, 303)
  const { publicUrl } = await usePeople()
  const { site, story, viewer } = asked.req
  const link = outcome.kind === 'added' ? outcome.link : `${publicUrl.replace(/\/+$/, '')}${outcome.path}`
  const { name, group } = outcome.kind === 'added' ? outcome : outcome.invite
  const page = sendPage(
    event,
    renderInviteLinkPage({ site, story, viewer, assets: pkgAssets, name, group, link, backTo: back }),
    201,
  )
  // The page holds a working link (a credential): never stored, never sent on as a referrer.
  setResponseHeader(event, 'cache-control', 'no-store')
  setResponseHeader(event, 'referrer-policy', 'no-referrer')
  return page
}

// Someone else changed it meanwhile, or the form names what this desk does not hold.
function gone(event: H3Event, asked: Asked) {
  return sendPeoplePage(event, asked, { notice: { said: said('people.gone'), problem: true } }, 409)
}
