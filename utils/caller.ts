// Who is asking, as the policy engine sees them: the provider's groups claim
// plus the person's active service-kept memberships (SPEC 2, Membership rule 6).
import type { H3Event } from 'h3'
import { useMemberships } from '../server/app/memberships'
import type { Principal } from '../server/policy/request'
import type { SessionUser } from '../server/sessions'
import { getSession } from './session'

export async function getPrincipal(event: H3Event): Promise<Principal> {
  const cached = event.context.svcPrincipal as Promise<Principal> | undefined
  if (cached !== undefined) return cached
  const loading = (async (): Promise<Principal> => {
    const user = (await getSession(event))?.user
    return user ? principalOf(user, await (await useMemberships()).groupsOf(user)) : null
  })()
  event.context.svcPrincipal = loading
  return loading
}

function principalOf(user: SessionUser, memberships: readonly string[]): Principal {
  return {
    subject: user.subject,
    email: user.email,
    phone: user.phone,
    groups: [...new Set([...user.groups, ...memberships])],
  }
}
