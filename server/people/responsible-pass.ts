// SPEC 1, Accounts the content mandates, rules 1, 2 and 4, on the
// memberships backend: every person a page names as responsible is mailed
// once per set of pages (a sign-in link, the pages they answer for), and with
// RESPONSIBLE_GROUP gets a membership in it (source `responsible`, active at
// their first sign-in). Someone no page names any more leaves that group,
// but only where the pass put them there. One person's failure never holds
// up the others: it is returned, for the retry a minute later.
import { createHash } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import { encodeKvKey } from '../bus/kv-driver'
import type { BusKv } from '../bus/types'
import { log } from '../log'
import { queueMail } from '../mail/mail-queue'
import { buildResponsibleIntent, RESPONSIBLE_MAIL_BUCKET } from '../mail/responsible-intent'
import { matchKeys, membershipKey, type Membership } from './membership-record'
import type { PeopleDeps } from './people-deps'
import { responsiblePeople, type ResponsiblePerson } from './responsible-people'

export interface ResponsibleOutcome {
  /** Match keys (`email:…`, `phone:…`) of the people whose step failed. */
  readonly failed: readonly string[]
  readonly mailed: number
  readonly joined: number
  readonly left: number
}

const SERVICE = { kind: 'service' } as const
const personId = (person: ResponsiblePerson) => matchKeys(person)[0] ?? ''

export async function runResponsiblePass(
  deps: PeopleDeps,
  setup: BusKv,
  options: { readonly group?: string; readonly now: Date; readonly only?: ReadonlySet<string> },
): Promise<ResponsibleOutcome> {
  const people = responsiblePeople(deps.site)
  const failed: string[] = []
  let mailed = 0
  let joined = 0
  for (const person of people) {
    const id = personId(person)
    if (options.only !== undefined && !options.only.has(id)) continue
    try {
      if (options.group !== undefined && (await join(deps, person, options.group, options.now))) joined++
      if (await mail(deps, setup, person)) mailed++
    } catch (error) {
      failed.push(id)
      log('error', 'people', '[svc] [people] a responsible person was not set up; trying again in a minute', {
        person: id,
        error: (error as Error).message,
      })
    }
  }
  const left = options.group === undefined || options.only !== undefined ? 0 : await leave(deps, people, options)
  return { failed, mailed, joined, left }
}

/**
 * A membership in the group unless they have one there already, in whatever stage: a desk's removal stands; one
 * the pass itself ended (no page named them for a while) comes back.
 */
async function join(deps: PeopleDeps, person: ResponsiblePerson, group: string, now: Date): Promise<boolean> {
  const { memberships } = deps
  const time = now.toISOString()
  const there = (await memberships.view()).matching(person).find(({ entry }) => entry.group === group)
  if (there !== undefined) {
    const { entry } = there
    if (entry.source !== 'responsible' || entry.state !== 'removed' || entry.by?.kind !== 'service') return false
    const back = await memberships.change(there.key, (current) =>
      current?.state === 'removed' && current.by?.kind === 'service'
        ? { ...current, state: current.subject === undefined ? 'invited' : 'active', since: time, by: SERVICE }
        : null,
    )
    if (back === null) return false
    const change = back.state === 'active' ? 'activated' : 'invited'
    await memberships.log.record({ about: 'membership', key: there.key, change, group, actor: SERVICE, time })
    return true
  }
  const raw = membershipKey(person, group)
  if (raw === null) return false
  const key = encodeKvKey(raw)
  const entry: Membership = {
    group,
    ...(person.email === undefined ? {} : { email: person.email }),
    ...(person.phone === undefined ? {} : { phone: person.phone }),
    name: person.name,
    state: 'invited',
    source: 'responsible',
    since: time,
    by: SERVICE,
  }
  if ((await memberships.change(key, (current) => (current === null ? entry : null))) === null) return false
  await memberships.log.record({ about: 'membership', key, change: 'invited', group, actor: SERVICE, time })
  return true
}

/** Once per person and set of pages, marked create-only in svc_setup before the mail is queued. */
async function mail(deps: PeopleDeps, setup: BusKv, person: ResponsiblePerson): Promise<boolean> {
  if (person.email === undefined) return false
  const digest = createHash('sha256')
    .update(`${person.email}|${person.pages.join('|')}`)
    .digest('hex')
    .slice(0, 32)
  const marker = `responsible.${digest}`
  try {
    await setup.create(marker, { at: new Date().toISOString() })
  } catch (error) {
    if (error instanceof BusConflictError) return false
    throw error
  }
  try {
    const intent = buildResponsibleIntent({
      ...person,
      email: person.email,
      site: deps.site,
      digest,
      publicUrl: deps.publicUrl,
    })
    await queueMail(deps.bus, { bucket: RESPONSIBLE_MAIL_BUCKET, id: digest, seq: 1 }, intent)
    return true
  } catch (error) {
    // Not queued: the retry must find no marker.
    await setup.delete(marker).catch(() => undefined)
    throw error
  }
}

/** Memberships the pass made for people no page names any more: removed by the service. */
async function leave(
  deps: PeopleDeps,
  people: readonly ResponsiblePerson[],
  options: { readonly group?: string; readonly now: Date },
): Promise<number> {
  const { memberships } = deps
  const named = new Set(people.flatMap((person) => matchKeys(person)))
  const time = options.now.toISOString()
  let left = 0
  for (const { key, entry } of (await memberships.view()).inGroups(
    options.group === undefined ? [] : [options.group],
  )) {
    if (entry.source !== 'responsible' || entry.state === 'removed') continue
    if (matchKeys(entry).some((match) => named.has(match))) continue
    try {
      const written = await memberships.change(key, (current) =>
        current?.source === 'responsible' && current.state !== 'removed'
          ? { ...current, state: 'removed', since: time, by: SERVICE }
          : null,
      )
      if (written === null) continue
      left++
      await memberships.log.record({
        about: 'membership',
        key,
        change: 'removed',
        group: written.group,
        actor: SERVICE,
        time,
      })
    } catch (error) {
      // One that cannot leave now leaves at the next pass; the others go on.
      log('error', 'people', '[svc] [people] a responsible membership could not end; tried again at the next pass', {
        key,
        error: (error as Error).message,
      })
    }
  }
  return left
}
