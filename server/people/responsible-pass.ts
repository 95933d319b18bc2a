// SPEC 1, Accounts the content mandates, rules 1, 2 and 4: every person a
// page names as responsible gets an account (at the provider on the idp
// backend), is mailed once per set of pages (a sign-in link, the pages they
// answer for), and with RESPONSIBLE_GROUP joins that group through the
// people backend. Someone no page names any more leaves it, but only where
// the pass put them there. One person's failure never holds up the others:
// it is returned, for the retry a minute later.
import { createHash } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import type { BusKv } from '../bus/types'
import { log } from '../log'
import { queueMail } from '../mail/mail-queue'
import { buildResponsibleIntent, RESPONSIBLE_MAIL_BUCKET } from '../mail/responsible-intent'
import { matchKeys } from './membership-record'
import type { PeopleBackend } from './people-backend'
import type { PeopleDeps } from './people-deps'
import { responsiblePeople, type ResponsiblePerson } from './responsible-people'

export interface ResponsibleOutcome {
  /** Match keys (`email:…`, `phone:…`) of the people whose step failed. */
  readonly failed: readonly string[]
  readonly mailed: number
  readonly joined: number
  readonly left: number
}

const personId = (person: ResponsiblePerson) => matchKeys(person)[0] ?? ''

export async function runResponsiblePass(
  deps: PeopleDeps,
  backend: PeopleBackend,
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
      await backend.ensureAccount(person, options.now)
      if (options.group !== undefined && (await backend.joinResponsible(person, options.group, options.now))) joined++
      if (await mail(deps, setup, person)) mailed++
    } catch (error) {
      failed.push(id)
      log('error', 'people', '[svc] [people] a responsible person was not set up; trying again in a minute', {
        person: id,
        error: (error as Error).message,
      })
    }
  }
  const left =
    options.group === undefined || options.only !== undefined
      ? 0
      : await backend.leaveResponsible(people, options.group, options.now)
  return { failed, mailed, joined, left }
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
