// A desk listing rendered once per person and state of the desk: a
// caseworker reloading a queue that nobody changed gets the bytes from
// memory. The key holds everything the page shows: the session (the header's
// name and sign-out token), what the person may see (their groups and
// claims), the storyline, the URL, and the index's version of the desk's
// buckets and those their records link to, so a filing, a move or a grant is
// a new key.
import { getRequestURL, type H3Event } from 'h3'
import { useRecords } from '../server/app/records'
import type { DeskRequest } from '../server/desk/desk-request'
import { principalKey } from '../server/policy/decision-memo'
import { withLinkedBuckets } from '../server/visitor/page-buckets'
import { usePageCache } from '../server/visitor/page-cache'
import { createPageTemplate } from '../server/visitor/page-template'
import { sendTemplate } from './cached-page'
import { sendPage } from './html-response'
import { getSession } from './session'

// Desk pages carry the session's own token, never a mark to fill in.
const NO_MARK = '\0'

export async function sendKeptDeskPage(
  event: H3Event,
  req: DeskRequest,
  buckets: readonly string[],
  render: () => string,
): Promise<string | Buffer> {
  const [session, { index }] = await Promise.all([getSession(event), useRecords()])
  if (session === null) return sendPage(event, render())
  const url = getRequestURL(event)
  const key = JSON.stringify([
    'desk',
    url.pathname + url.search,
    req.story,
    index.version(withLinkedBuckets(req.site, buckets)),
    session.id,
    session.revision,
    principalKey(req.principal),
  ])
  const cache = usePageCache(req.site)
  let template = cache.get(key)
  if (template === undefined) {
    template = createPageTemplate(render(), NO_MARK)
    cache.set(key, template)
  }
  return sendTemplate(event, template, undefined)
}
