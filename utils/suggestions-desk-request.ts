// The edit suggestions' desk at the edge: the desk the content marks with
// `suggestions: true`, opened only by whom may open that desk.
import { getQuery, type H3Event } from 'h3'
import type { MessageId } from '../server/messages/en'
import { useSuggestions } from '../server/app/suggestions'
import type { Desk } from '../server/content/model'
import { openDesk } from '../server/desk/desk-access'
import type { DeskRequest } from '../server/desk/desk-request'
import { isName } from '../server/names'
import { renderSuggestionsDesk } from '../server/render/suggestions/suggestions-desk-page'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import { sendRefusal } from './desk-reply'
import { pathParam, readDeskRequest } from './desk-request'
import { sendPage } from './html-response'

export type SuggestionsDeskRequest =
  { readonly sent: string } | { readonly sent?: undefined; readonly req: DeskRequest; readonly desk: Desk }

export async function readSuggestionsDeskRequest(event: H3Event): Promise<SuggestionsDeskRequest> {
  const req = await readDeskRequest(event)
  const name = pathParam(event, 'desk')
  const known = isName(name) ? req.site.desks.get(name) : undefined
  // A desk that does not take suggestions has no such view at all.
  if (known === undefined || !known.suggestions) return { sent: sendRefusal(event, req, 'not-found') }
  const opened = openDesk(req.site, req.policy, req.principal, name)
  if (opened.refused !== undefined) return { sent: sendRefusal(event, req, opened.refused) }
  return { req, desk: opened.desk }
}

const NOTICES: Readonly<Record<string, MessageId>> = {
  accepted: 'suggestions.done.accepted',
  declined: 'suggestions.done.declined',
  stale: 'suggestions.done.stale',
}

export async function sendSuggestionsDesk(
  event: H3Event,
  { req, desk }: Exclude<SuggestionsDeskRequest, { sent: string }>,
): Promise<string> {
  const [suggestions, csrf] = await Promise.all([(await useSuggestions()).all(), getCsrfToken(event)])
  const done = getQuery(event).done
  const notice = typeof done === 'string' && Object.hasOwn(NOTICES, done) ? NOTICES[done] : undefined
  const { site, story, viewer } = req
  const html = renderSuggestionsDesk({
    site,
    story,
    viewer,
    assets: pkgAssets,
    desk,
    suggestions,
    csrf,
    ...(notice === undefined ? {} : { notice }),
  })
  return sendPage(event, html)
}
