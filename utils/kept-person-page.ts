// A page a signed-in person sees, rendered once per person and state of what
// it shows: a caseworker reloading a queue nobody changed, or anyone going
// back to a page, gets the bytes from memory. The key holds everything such a
// page shows: the session (the header's name and sign-out token), what the
// person may see (their claims and groups), the storyline, the URL, and the
// index's version of the buckets the page shows (with those they link to), so
// a filing, a move or a grant is a new key. Only a page answered 200 is kept.
import { getRequestURL, type H3Event } from 'h3'
import { useRecords } from '../server/app/records'
import type { SiteModel } from '../server/content/model'
import { principalKey } from '../server/policy/decision-memo'
import type { Principal } from '../server/policy/request'
import { usePageCache } from '../server/visitor/page-cache'
import { createPageTemplate } from '../server/visitor/page-template'
import { sendTemplate } from './cached-page'
import { sendPage } from './html-response'
import { getSession } from './session'

export interface PersonPage {
  readonly site: SiteModel
  readonly story: number
  readonly principal: Principal
  /** The buckets whose records the page shows, and those they link to. */
  readonly buckets: readonly string[]
  /** Anything else the page shows that changes apart from the records: the reader's own read marks. */
  readonly versions?: readonly number[]
}

// These pages carry the session's own token, never a mark to fill in.
const NO_MARK = '\0'

export async function sendKeptPersonPage(
  event: H3Event,
  page: PersonPage,
  render: () => Promise<{ html: string; status: number }>,
): Promise<string | Buffer> {
  const [session, { index }] = await Promise.all([getSession(event), useRecords()])
  if (session === null) {
    const shown = await render()
    return sendPage(event, shown.html, shown.status)
  }
  const url = getRequestURL(event)
  const key = JSON.stringify([
    'person',
    url.pathname + url.search,
    page.story,
    index.version(page.buckets),
    session.id,
    session.revision,
    principalKey(page.principal),
    page.versions ?? [],
  ])
  const cache = usePageCache(page.site)
  let template = cache.get(key)
  if (template === undefined) {
    const shown = await render()
    if (shown.status !== 200) return sendPage(event, shown.html, shown.status)
    template = createPageTemplate(shown.html, NO_MARK)
    cache.set(key, template)
  }
  return sendTemplate(event, template, undefined)
}
