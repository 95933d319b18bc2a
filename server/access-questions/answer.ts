// Answers one access question with the same engine every request uses.
import { z } from 'zod'
import { normalizePhone } from '../content/phone'
import type { PolicyEngine } from '../policy/engine'
import type { Memberships } from '../people/memberships'
import type { PeopleDirectory } from '../people/people-directory'
import { accessQuestionSchema, type AccessAnswer } from './question'
import { addressKey } from '../address-match'

export interface AnswerDeps {
  readonly engine: PolicyEngine
  readonly directory: PeopleDirectory
  readonly memberships: Pick<Memberships, 'groupsOf'>
  readonly phoneCountry: string
}

export async function answerAccessQuestion(raw: Uint8Array, deps: AnswerDeps): Promise<AccessAnswer> {
  let json: unknown
  try {
    json = JSON.parse(new TextDecoder().decode(raw))
  } catch {
    return { error: 'the question is not JSON' }
  }
  const parsed = accessQuestionSchema.safeParse(json)
  if (!parsed.success)
    return { error: `bad question: ${z.prettifyError(parsed.error).replace(/\s+/g, ' ').slice(0, 300)}` }
  const { principal, action, resource, context } = parsed.data
  const phone = principal.phone === undefined ? undefined : normalizePhone(principal.phone, deps.phoneCountry)
  if (phone === null) return { error: 'bad question: principal.phone is not a phone number' }
  const person = {
    subject: principal.subject,
    email: principal.email === undefined ? undefined : addressKey(principal.email),
    phone,
  }
  // A question that lists no groups asks about the person as the service knows
  // them: the provider's groups at their last sign-in and their active memberships.
  const groups = principal.groups ?? (await knownGroups(deps, person))
  const decision = deps.engine.authorize({ principal: { ...person, groups }, action, resource, context })
  return { decision: decision.allowed ? 'allow' : 'deny', policies: decision.policies }
}

async function knownGroups(deps: AnswerDeps, person: { subject?: string; email?: string; phone?: string }) {
  const [claimed, kept] = await Promise.all([deps.directory.groupsOf(person), deps.memberships.groupsOf(person)])
  return [...new Set([...(claimed ?? []), ...kept])].sort()
}
