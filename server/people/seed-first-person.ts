// SPEC 1, rule 5: the first person in is invited once into the most
// privileged group. Once across restarts and across instances starting
// together: whoever creates the key `seed.<person>.<group>` in svc_setup
// makes the invite; a claim left by an instance that died midway is taken
// over after a while, and a finished one is never done again.
import { createHash } from 'node:crypto'
import type { BusKv } from '../bus/types'
import { log } from '../log'
import type { InviteContact } from './invite-person'
import type { PeopleBackend } from './people-backend'
import { deskOfGroup, mostPrivilegedGroup } from './most-privileged'
import type { PeopleDeps } from './people-deps'
import { claimSetup, finishSetup, readMarker, releaseSetup } from './setup-claim'

export interface SeedSettings {
  readonly email?: string
  readonly phone?: string
  readonly name?: string
  readonly group?: string
}

export type SeedOutcome = 'off' | 'invited' | 'added' | 'member' | 'done-before' | 'claimed-elsewhere'

export async function seedFirstPerson(
  deps: PeopleDeps,
  backend: PeopleBackend,
  setup: BusKv,
  settings: SeedSettings,
  now: Date,
): Promise<SeedOutcome> {
  const contact: InviteContact | null =
    settings.email !== undefined
      ? { email: settings.email }
      : settings.phone !== undefined
        ? { phone: settings.phone }
        : null
  if (contact === null) return 'off'
  const group = mostPrivilegedGroup(deps.site, settings.group)
  if (group === null)
    throw new Error('[svc] [people] the content has no desk, so there is no group to seed; set SEED_GROUP')
  const desk = deskOfGroup(deps.site, group)
  if (desk === null) throw new Error(`[svc] [people] no desk opens or invites into the seed group ${group}`)
  const key = `seed.${createHash('sha256')
    .update(`${JSON.stringify(contact)}|${group}`)
    .digest('hex')
    .slice(0, 32)}`

  if (!(await claimSetup(setup, key, now))) {
    const marker = await readMarker(setup, key)
    return marker?.state === 'done' ? 'done-before' : 'claimed-elsewhere'
  }
  let outcome
  try {
    outcome = await backend.invite({
      group,
      desk: desk.name,
      name: settings.name ?? '',
      contact,
      actor: { kind: 'service' },
      source: 'seed',
      now,
    })
  } catch (error) {
    // Let go of the claim, so the retry (here or on another instance) need not wait for it to go stale.
    await releaseSetup(setup, key)
    throw error
  }
  await finishSetup(setup, key, now, outcome.kind === 'invited' ? { invite: outcome.invite.id } : {})
  if (outcome.kind !== 'member' && !outcome.mailed) {
    // No SMS is sent: the operator who set SEED_ADMIN_PHONE passes the link on.
    const link = outcome.kind === 'added' ? outcome.link : `${deps.publicUrl.replace(/\/+$/, '')}${outcome.path}`
    log('warn', 'people', 'the first person is invited by phone: pass them this link', { group, desk: desk.name, link })
  } else
    log(
      'info',
      'people',
      outcome.kind === 'member' ? 'the first person is in already' : 'the first person is invited',
      {
        group,
        desk: desk.name,
      },
    )
  return outcome.kind
}
