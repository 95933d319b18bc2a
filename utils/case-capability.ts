// A case's capability (server/visitor/case-token.ts) on a request: checked
// against the one case the request names, and the page it opens kept out of
// referrers and caches, since its address is a credential.
import { setResponseHeader, type H3Event } from 'h3'
import { useCaseSecret } from '../server/app/case-secret'
import { checkCaseToken } from '../server/visitor/case-token'

/** The token when it opens this case now; null for none, and for a forged, altered, other-case or expired one. */
export async function heldCaseToken(token: unknown, bucket: string, id: string): Promise<string | null> {
  if (token === undefined) return null
  return checkCaseToken(await useCaseSecret(), token, bucket, id, new Date()) ? token : null
}

/** After sendPage: the page's address never leaves as a referrer and is never stored. */
export function keepCapabilityPrivate(event: H3Event): void {
  setResponseHeader(event, 'referrer-policy', 'no-referrer')
  setResponseHeader(event, 'cache-control', 'private, no-store')
}
