// One request -> Cedar's principal, resource, context and the entities they
// need. Only the asking User and a Record resource carry data: Cedar reads an
// entity it is not given as one without attributes or parents, which is all a
// Bucket, Page, Desk or Group is.
import type { CedarValueJson, Context, EntityJson, TypeAndId } from '@cedar-policy/cedar-wasm/nodejs'
import type { AuthorizationRequest, Principal, ResourceRef } from './request'
import { addressKey } from '../address-match'

export interface CedarRequest {
  readonly principal: TypeAndId
  readonly action: TypeAndId
  readonly resource: TypeAndId
  readonly context: Context
  readonly entities: EntityJson[]
}

export function toCedarRequest({ principal, action, resource, context = {} }: AuthorizationRequest): CedarRequest {
  const user = toUser(principal)
  const entities = resource.type === 'Record' ? [user.entity, toRecord(resource)] : [user.entity]
  // `from` is the state a self move leaves, which is the record's state now.
  const full = action === 'self' && resource.type === 'Record' ? { from: resource.state, ...context } : context
  return {
    principal: user.uid,
    action: { type: 'Action', id: action },
    resource: { type: resource.type, id: resource.id },
    context: full,
    entities,
  }
}

const anonymous = { type: 'User', id: '' } satisfies TypeAndId

function toUser(principal: Principal): { uid: TypeAndId; entity: EntityJson } {
  if (principal === null) return { uid: anonymous, entity: { uid: anonymous, attrs: { signedIn: false }, parents: [] } }
  // An empty claim is no claim: it must not match a record or a person.
  const subject = principal.subject || undefined
  const email = (principal.email && addressKey(principal.email)) || undefined
  const phone = principal.phone || undefined
  // Only a bare session is someone not signed in.
  const signedIn = principal.session === undefined || Boolean(subject ?? email ?? phone)
  const attrs: Record<string, CedarValueJson> = { signedIn }
  if (subject) attrs['subject'] = subject
  if (email) attrs['email'] = email
  if (phone) attrs['phone'] = phone
  if (principal.session) attrs['session'] = principal.session
  const uid = { type: 'User', id: subject ?? email ?? phone ?? '' }
  return { uid, entity: { uid, attrs, parents: principal.groups.map((id) => ({ type: 'Group', id })) } }
}

function toRecord(record: Extract<ResourceRef, { type: 'Record' }>): EntityJson {
  const attrs: Record<string, CedarValueJson> = { state: record.state, storyline: record.storyline }
  if (record.submitter) attrs['submitter'] = record.submitter
  if (record.session) attrs['session'] = record.session
  return {
    uid: { type: 'Record', id: record.id },
    attrs,
    parents: [{ type: 'Bucket', id: record.bucket }],
  }
}
