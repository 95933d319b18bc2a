// Every "may this person do X to Y" the service asks, one function each, so
// visitor pages, desks, self moves, filing, attachments and invites ask the
// engine the same way and a policy/ rule sees the same data wherever it runs.
import type { Bucket, Desk, Page, SiteModel } from '../content/model'
import { sameAddress } from '../address-match'
import { contactValue, submitterSubject } from '../records/person'
import { VISITOR_PREFIX, type RecordView } from '../records/types'
import type { PolicyEngine } from './engine'
import type { Principal, ResourceRef } from './request'

/**
 * Who asks: the policy principal (null when not signed in) and, for a
 * visitor with a session, the submitter value their records carry
 * (a subject, or `session:<digest>` when they filed without signing in).
 */
export interface Caller {
  readonly principal: Principal
  readonly submitter?: string
  /** Every submitter value whose records are the caller's, when there are more than `submitter`. */
  readonly submitters?: readonly string[]
}

/** Whether records carrying `submitter` are the caller's own. */
function files(caller: Caller, submitter: string): boolean {
  if (submitter === '') return false
  return caller.submitters?.includes(submitter) ?? caller.submitter === submitter
}

// A visitor known by several cookie values asks about one of their records as
// the filer of that record, so a policy rule on its session matches.
function asFilerOf(caller: Caller, view: RecordView): Caller {
  return caller.principal === null && caller.submitter !== view.submitter && files(caller, view.submitter)
    ? { principal: null, submitter: view.submitter }
    : caller
}

/** How much of a record the caller sees: everything, the public view, or (null) nothing. */
export type RecordAccess = 'all' | 'public'

function sessionDigest(submitter: string | undefined): string | undefined {
  return submitter?.startsWith(VISITOR_PREFIX) ? submitter.slice(VISITOR_PREFIX.length) || undefined : undefined
}

/**
 * A record as Cedar sees it. `submitter` is only ever a signed-in filer's
 * subject; an anonymous filing carries its session digest as `session`
 * instead, so a rule on `resource.submitter` means a person on every page and desk.
 */
export function recordResource(view: RecordView): ResourceRef {
  const session = sessionDigest(view.submitter)
  return {
    type: 'Record',
    id: view.id,
    bucket: view.bucket,
    state: view.state,
    storyline: view.storyline,
    submitter: submitterSubject(view),
    ...(session === undefined ? {} : { session }),
  }
}

// A visitor who is not signed in but has a session is still User::"" to
// Cedar, with that session's digest, so their own anonymous filings match.
function principalOf(caller: Caller): Principal {
  if (caller.principal !== null) return caller.principal
  const session = sessionDigest(caller.submitter)
  return session === undefined ? null : { session, groups: [] }
}

function allowed(
  policy: PolicyEngine,
  caller: Caller,
  action: 'read' | 'file' | 'open' | 'invite' | 'move' | 'self' | 'erase',
  resource: ResourceRef,
  context?: Readonly<Record<string, string>>,
): boolean {
  return policy.authorize({ principal: principalOf(caller), action, resource, context }).allowed
}

export function mayOpenPage(policy: PolicyEngine, caller: Caller, page: Page): boolean {
  return allowed(policy, caller, 'open', { type: 'Page', id: page.path })
}

/** Reading the bucket as a whole, which is what a desk gives. */
export function mayReadBucket(policy: PolicyEngine, caller: Caller, bucket: string): boolean {
  return allowed(policy, caller, 'read', { type: 'Bucket', id: bucket })
}

export function mayReadRecord(policy: PolicyEngine, caller: Caller, view: RecordView): boolean {
  return allowed(policy, asFilerOf(caller, view), 'read', recordResource(view))
}

/** The case's filer, as the policy knows them: what a holder of its mail's link (or of its address) is asked as. */
export function filerOf(view: RecordView): Caller {
  const subject = submitterSubject(view)
  return { principal: subject === undefined ? null : { subject, groups: [] }, submitter: view.submitter }
}

// Whoever signed in with a provider-verified address or phone the case names as its contact: the case's mail
// (or call) goes there. Phones are E.164 on both sides, as forms and sign-in normalise them.
function isContact(caller: Caller, bucket: Bucket, view: RecordView): boolean {
  const { email, phone } = caller.principal ?? {}
  const contact = contactValue(bucket, view, 'email')
  const contactPhone = contactValue(bucket, view, 'phone')
  return (
    (email !== undefined && contact !== undefined && sameAddress(email, contact)) ||
    (phone !== undefined && contactPhone !== undefined && phone === contactPhone)
  )
}

// A `sign_in: none` bucket keeps its records anonymous, whoever filed them.
export function ownsRecord(caller: Caller, bucket: Bucket, view: RecordView): boolean {
  return bucket.signIn !== 'none' && (files(caller, view.submitter) || isContact(caller, bucket, view))
}

/** What the caller sees of a record: all of it (a bucket reader, or who filed it), the public view, or nothing. */
export function recordAccess(
  policy: PolicyEngine,
  caller: Caller,
  bucket: Bucket,
  view: RecordView,
): RecordAccess | null {
  // A policy/ file's forbid on the record itself still hides it from a bucket reader.
  const readable = mayReadRecord(policy, caller, view)
  if ((readable && mayReadBucket(policy, caller, bucket.name)) || ownsRecord(caller, bucket, view)) return 'all'
  const inPublicView = bucket.public?.states.includes(view.state) ?? false
  return inPublicView && readable ? 'public' : null
}

export function mayFile(policy: PolicyEngine, caller: Caller, bucket: Bucket): boolean {
  return allowed(policy, caller, 'file', { type: 'Bucket', id: bucket.name })
}

/** A `self:` move: declared from the record's state, taken by who filed it, and allowed by policy. */
export function mayTakeSelfMove(
  policy: PolicyEngine,
  caller: Caller,
  bucket: Bucket,
  view: RecordView,
  edge: string,
): boolean {
  const move = bucket.self.find((m) => m.name === edge)
  if (move === undefined || !move.from.includes(view.state) || !ownsRecord(caller, bucket, view)) return false
  const asker = files(caller, view.submitter) ? asFilerOf(caller, view) : filerOf(view)
  return allowed(policy, asker, 'self', recordResource(view), { edge })
}

/** Erasing a case's personal data from its page: the bucket says `self_erase: true`, and the caller filed it. */
export function mayEraseOwn(policy: PolicyEngine, caller: Caller, bucket: Bucket, view: RecordView): boolean {
  if (bucket.selfErase !== true || !ownsRecord(caller, bucket, view)) return false
  const asker = files(caller, view.submitter) ? asFilerOf(caller, view) : filerOf(view)
  return allowed(policy, asker, 'erase', recordResource(view), { via: 'self' })
}

export function mayOpenDesk(policy: PolicyEngine, caller: Caller, desk: Desk): boolean {
  return caller.principal !== null && allowed(policy, caller, 'open', { type: 'Desk', id: desk.name })
}

/** The desks this person may open, in the content's order. */
export function openableDesks(site: SiteModel, policy: PolicyEngine, caller: Caller): Desk[] {
  return [...site.desks.values()].filter((desk) => mayOpenDesk(policy, caller, desk))
}

/** The desks a member of `group` (and of no other) may open, in the content's order: what joining it gives. */
export function groupDesks(site: SiteModel, policy: PolicyEngine, group: string): Desk[] {
  return openableDesks(site, policy, { principal: { groups: [group] } })
}

/** A desk shows one of its buckets only to people who may read it, so a policy/ forbid narrows a desk. */
export function mayReadDeskBucket(policy: PolicyEngine, caller: Caller, desk: Desk, bucket: string): boolean {
  return desk.buckets.includes(bucket) && mayOpenDesk(policy, caller, desk) && mayReadBucket(policy, caller, bucket)
}

/** A desk move: the engine holds it to the bucket's declared edges and their `from` states. */
export function mayMove(policy: PolicyEngine, caller: Caller, view: RecordView, edge: string): boolean {
  return allowed(policy, caller, 'move', recordResource(view), { edge })
}

/**
 * Writing to a record's submitter from a desk is held to the same policy as
 * moving it: the person may take one of the desk moves declared from the
 * record's state, judged on the record as it is. A state no move leaves (a
 * closed case) is judged by the bucket's moves from their own states, so a
 * closed case can still be written about.
 */
export function mayWriteToSubmitter(policy: PolicyEngine, caller: Caller, bucket: Bucket, view: RecordView): boolean {
  const fromHere = bucket.moves.filter((move) => move.from.includes(view.state))
  if (fromHere.length > 0) return fromHere.some((move) => mayMove(policy, caller, view, move.name))
  return bucket.moves.some((move) => move.from.some((state) => mayMove(policy, caller, { ...view, state }, move.name)))
}

/** Erasing a case's personal data on request: from a desk that says `erase: true` and lists the bucket. */
export function mayErase(policy: PolicyEngine, caller: Caller, desk: Desk, view: RecordView): boolean {
  return (
    desk.erase === true &&
    desk.buckets.includes(view.bucket) &&
    mayOpenDesk(policy, caller, desk) &&
    allowed(policy, caller, 'erase', recordResource(view), { via: 'desk' })
  )
}

/** An invite is made from a desk the person may open, into a group its `invites:` lists. */
export function mayInvite(policy: PolicyEngine, caller: Caller, desk: Desk, group: string): boolean {
  return (
    desk.invites.includes(group) &&
    mayOpenDesk(policy, caller, desk) &&
    allowed(policy, caller, 'invite', { type: 'Group', id: group })
  )
}
