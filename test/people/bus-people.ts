// The people tests run once per bus: the embedded bus on a temporary data
// directory, and a real nats-server, so memberships and invites keep the same
// rules on both. Each test works in a group of its own, so tests sharing a
// bus never see each other's memberships.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { decodeKvKey } from '../../server/bus/kv-driver'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import { decodeJson } from '../../server/bus/payload'
import type { Bus } from '../../server/bus/types'
import type { SiteModel } from '../../server/content/model'
import { invitePerson, type InviteContact, type InviteRequest } from '../../server/people/invite-person'
import { inviteSchema, type Invite } from '../../server/people/invite-record'
import { createInvites, INVITES_KV } from '../../server/people/invites'
import { membershipSchema, type Membership } from '../../server/people/membership-record'
import { createMemberships, MEMBERSHIPS_KV } from '../../server/people/memberships'
import type { PeopleDeps } from '../../server/people/people-deps'
import { ensureRecordStreams } from '../../server/records/streams'
import { ensureMailStream } from '../../server/mail/mail-stream'
import type { Actor } from '../../server/records/types'
import type { SessionUser } from '../../server/sessions'
import { startNatsServer } from '../support/nats-server'

interface OpenBus {
  readonly bus: Bus
  close(): Promise<void>
}

export interface BusKind {
  readonly name: string
  open(): Promise<OpenBus>
}

export const BUS_KINDS: readonly BusKind[] = [
  {
    name: 'embedded bus',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'svc-people-'))
      const bus = await createLocalBus({ dataDir: dir })
      return {
        bus,
        async close() {
          await bus.close()
          rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  },
  {
    name: 'NATS',
    async open() {
      const server = await startNatsServer()
      const bus = await createNatsBus({ url: server.url }).catch(async (error: unknown) => {
        await server.stop()
        throw error
      })
      return {
        bus,
        async close() {
          await bus.close()
          await server.stop()
        },
      }
    },
  },
]

/** Opens a bus of this kind, with the streams the service makes at start, before the block's tests; closes it (and its server) after them. */
export function useBus(kind: BusKind): () => Bus {
  let opened: OpenBus | undefined
  beforeAll(async () => {
    opened = await kind.open()
    // Invite mail goes onto SVC_MAIL, which the service makes at start.
    await ensureRecordStreams(opened.bus)
    await ensureMailStream(opened.bus)
  })
  afterAll(async () => {
    await opened?.close()
  })
  return () => {
    if (opened === undefined) throw new Error('the bus is not open')
    return opened.bus
  }
}

/** What one instance of the service works with; two calls are two instances on one bus. */
export function peopleDeps(bus: Bus, site: SiteModel, ttlHours = 168): PeopleDeps {
  return {
    bus,
    memberships: createMemberships(bus),
    invites: createInvites(bus),
    site,
    publicUrl: 'http://127.0.0.1:1',
    ttlHours,
  }
}

const hex = () => randomBytes(4).toString('hex')
/** A group nobody else uses. */
export const freshGroup = (): string => `g${hex()}`
export const freshEmail = (name = 'nora'): string => `${name}.${hex()}@example.org`
/** A Norwegian mobile number (E.164) nobody else uses. */
export const freshPhone = (): string => `+479${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`

export const KARI: Actor = { kind: 'person', subject: 'sub-kari', name: 'Kari Caseworker' }
export const T0 = new Date('2026-03-01T12:00:00.000Z')
export const later = (hours: number, from = T0): Date => new Date(from.getTime() + hours * 3600 * 1000)

/** A desk (Kari on the case desk) invites someone. */
export function invite(
  deps: PeopleDeps,
  group: string,
  contact: InviteContact,
  more: Partial<Omit<InviteRequest, 'group' | 'contact'>> = {},
) {
  return invitePerson(deps, {
    group,
    desk: 'caseworkers',
    name: 'Nora Nobody',
    contact,
    actor: KARI,
    source: 'invite',
    now: T0,
    ...more,
  })
}

/** An invite that was made, with the token of its link. */
export async function invited(...args: Parameters<typeof invite>) {
  const outcome = await invite(...args)
  if (outcome.kind !== 'invited') throw new Error(`expected an invite, got ${outcome.kind}`)
  return { ...outcome, token: outcome.path.slice('/invite/'.length) }
}

export function signedIn(subject: string, keys: { email?: string; phone?: string; name?: string } = {}): SessionUser {
  return { subject, groups: [], ...keys }
}

/** Every membership of the group as the bucket holds it now (decoded keys), read afresh. */
export async function keptMemberships(bus: Bus, group: string): Promise<Map<string, Membership>> {
  const kv = await bus.kv(MEMBERSHIPS_KV)
  const kept = new Map<string, Membership>()
  for (const key of await kv.keys()) {
    const found = await kv.get(key)
    if (found === null) continue
    const entry = membershipSchema.parse(decodeJson(found.value))
    if (entry.group === group) kept.set(decodeKvKey(key), entry)
  }
  return kept
}

/** Every invite of the group as the bucket holds it now. */
export async function keptInvites(bus: Bus, group: string): Promise<Invite[]> {
  const kv = await bus.kv(INVITES_KV)
  const kept: Invite[] = []
  for (const key of await kv.keys()) {
    const found = await kv.get(key)
    const entry = found === null ? null : inviteSchema.parse(decodeJson(found.value))
    if (entry?.group === group) kept.push(entry)
  }
  return kept
}
