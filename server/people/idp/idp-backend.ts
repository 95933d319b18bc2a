// PEOPLE_BACKEND=idp: groups are kept by the identity provider. Invites,
// `grants:` and the responsible pass make the account when missing and put
// it in `<prefix><group>` there; the groups claim carries the group from the
// person's next sign-in. What the service itself put where is remembered in
// placements, so the pass takes out only whom it put in.
import { createHash } from 'node:crypto'
import { textAt } from '../../content/storyline'
import { buildInviteIntent, INVITES_MAIL_BUCKET } from '../../mail/invite-intent'
import { queueMail } from '../../mail/mail-queue'
import { log } from '../../log'
import type { Actor } from '../../records/types'
import { addressKey } from '../../address-match'
import { actorName, matchKeys, type MembershipSource } from '../membership-record'
import type { PeopleBackend } from '../people-backend'
import type { PeopleDeps } from '../people-deps'
import { listIdpPeople, parseIdpRowKey } from './idp-people-rows'
import type { IdpAdmin, IdpPerson } from './idp-admin'
import { ensureIdpAccount, type AccountWanted } from './idp-accounts'
import type { Placements } from './placements'

export interface IdpBackendParts {
  readonly admin: IdpAdmin
  readonly placements: Placements
  /** The verified address of someone seen signing in, for a grant to a submitter known only by subject. */
  readonly addressOf: (subject: string) => Promise<string | null>
}

const SERVICE: Actor = { kind: 'service' }

export function createIdpBackend(deps: PeopleDeps, parts: IdpBackendParts): PeopleBackend {
  const { admin, placements } = parts
  const log_ = deps.memberships.log
  const record = (group: string, id: string, change: 'invited' | 'removed', actor: Actor, time: string) =>
    log_.record({ about: 'membership', key: `idp:${group}:${id}`, change, group, actor, time })

  /** Into the group unless they are there or a desk took them out; true when the service put them there now. */
  async function place(account: IdpPerson, group: string, source: MembershipSource, now: Date, actor: Actor) {
    const kept = await placements.get(group, account.id)
    if (kept?.removed?.by === 'desk' && source !== 'invite' && source !== 'seed') return false
    if (await admin.hasMember(account.id, group)) return false
    const time = now.toISOString()
    // Remembered before the provider is asked: a crash in between leaves a placement for a non-member, which is harmless.
    await placements.put({
      group,
      id: account.id,
      source,
      ...(account.name === undefined ? {} : { name: account.name }),
      ...(account.email === undefined ? {} : { email: account.email }),
      ...(account.phone === undefined ? {} : { phone: account.phone }),
      at: time,
    })
    await admin.addToGroup(account.id, group)
    await record(group, account.id, 'invited', actor, time)
    return true
  }

  const wanted = (person: AccountWanted): AccountWanted => ({
    name: person.name,
    ...(person.email === undefined ? {} : { email: addressKey(person.email) }),
    ...(person.phone === undefined ? {} : { phone: person.phone }),
  })

  return {
    kind: 'idp',

    async invite(request) {
      const { group, contact, now, actor } = request
      if ('subject' in contact) throw new Error('[svc] [people] the identity provider finds people by address or phone')
      const account = await ensureIdpAccount(admin, wanted({ name: request.name.trim(), ...contact }))
      const name = request.name.trim() || account.name || ''
      if (!(await place(account, group, request.source, now, actor))) return { kind: 'member' }
      const signIn = `${deps.publicUrl.replace(/\/+$/, '')}/auth/sign-in?return=${encodeURIComponent(`/desk/${request.desk}`)}`
      const link = account.activation?.link ?? signIn
      const email = account.email ?? ('email' in contact ? addressKey(contact.email) : undefined)
      if (email === undefined) return { kind: 'added', name, group, link, mailed: false }
      const id = createHash('sha256').update(`${group}|${account.id}|${now.toISOString()}`).digest('hex').slice(0, 32)
      const intent = buildInviteIntent({
        site: deps.site,
        invite: { id, round: 1, name, group },
        email,
        inviter: actor.kind === 'person' ? actorName(actor) : textAt(deps.site.branding.name, 0),
        link,
        ...(account.activation?.expiresAt === undefined ? {} : { expiresAt: account.activation.expiresAt }),
      })
      await queueMail(deps.bus, { bucket: INVITES_MAIL_BUCKET, id, seq: 1 }, intent)
      return { kind: 'added', name, group, link, mailed: true }
    },

    async grant(group, person, since) {
      const email = person.email ?? (person.subject === undefined ? null : await parts.addressOf(person.subject))
      if (email === null && person.phone === undefined) {
        log('warn', 'people', 'a grant names nobody the identity provider can find', { group })
        return
      }
      const account = await ensureIdpAccount(admin, {
        name: '',
        ...(email === null ? {} : { email: addressKey(email) }),
        ...(person.phone === undefined ? {} : { phone: person.phone }),
      })
      await place(account, group, 'grant', new Date(since), SERVICE)
    },

    list: (groups, query) => listIdpPeople(admin, placements, groups, query),

    async member(key, groups) {
      const at = parseIdpRowKey(key)
      if (at === null || !groups.includes(at.group)) return null
      const found = (await admin.members(at.group)).find((member) => member.id === at.id)
      return found === undefined ? null : { name: found.name ?? '', group: at.group }
    },

    async remove({ key, actor, now, protectedGroup }) {
      const at = parseIdpRowKey(key)
      if (at === null) return 'gone'
      const members = await admin.members(at.group)
      if (!members.some((member) => member.id === at.id)) return 'gone'
      if (at.group === protectedGroup && members.length <= 1) return 'last-of-most-privileged'
      await admin.removeFromGroup(at.id, at.group)
      const time = now.toISOString()
      const kept = await placements.get(at.group, at.id)
      await placements.put({
        ...(kept ?? { group: at.group, id: at.id }),
        at: kept?.at ?? time,
        removed: { at: time, by: 'desk' },
      })
      await record(at.group, at.id, 'removed', actor, time)
      return 'removed'
    },

    async ensureAccount(person) {
      await ensureIdpAccount(admin, wanted(person))
    },

    async joinResponsible(person, group, now) {
      const account = await ensureIdpAccount(admin, wanted(person))
      return place(account, group, 'responsible', now, SERVICE)
    },

    async leaveResponsible(named, group, now) {
      const still = new Set(named.flatMap((person) => matchKeys(person)))
      let left = 0
      for (const placement of await placements.inGroup(group)) {
        if (placement.source !== 'responsible' || placement.removed !== undefined) continue
        if (matchKeys(placement).some((key) => still.has(key))) continue
        try {
          await admin.removeFromGroup(placement.id, group)
          const time = now.toISOString()
          await placements.put({ ...placement, removed: { at: time, by: 'service' } })
          await record(group, placement.id, 'removed', SERVICE, time)
          left++
        } catch (error) {
          log(
            'error',
            'people',
            '[svc] [people] a responsible person could not leave the group; tried again at the next pass',
            {
              group,
              error: (error as Error).message,
            },
          )
        }
      }
      return left
    },
  }
}
