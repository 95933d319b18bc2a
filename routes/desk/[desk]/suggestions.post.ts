// POST /desk/{desk}/suggestions: accept or decline one (`move`, `id`),
// CSRF-checked, by whom may open the desk; only from `sent`, so pressing twice
// moves it once. Back to the list (post/redirect/get).
import { defineEventHandler, sendRedirect } from 'h3'
import { useSuggestionDeps } from '../../../server/app/suggestions'
import { readFormBody } from '../../../utils/read-form-body'
import { CSRF_FIELD } from '../../../server/forms/service-fields'
import { suggestFormRefused } from '../../../server/render/suggestions/suggest-messages'
import { moveSuggestion } from '../../../server/suggestions/move-suggestion'
import { DESK_MOVES } from '../../../server/suggestions/suggestion-record'
import { isSuggestionId } from '../../../server/suggestions/suggestions-store'
import { checkCsrf } from '../../../utils/csrf'
import { sendDeskMessage, sendRefusal } from '../../../utils/desk-reply'
import { readSuggestionsDeskRequest } from '../../../utils/suggestions-desk-request'
import { deskSuggestionsPath } from '../../../server/content/paths'

const FORM_LIMIT = 4 * 1024

export default defineEventHandler(async (event) => {
  const asked = await readSuggestionsDeskRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, desk } = asked
  const here = deskSuggestionsPath(desk.name)
  const body = await readFormBody(event, { maxBytes: FORM_LIMIT })
  if (!(await checkCsrf(event, body.get(CSRF_FIELD)))) return sendDeskMessage(event, req, suggestFormRefused(here))
  const move = body.get('move')
  const id = body.get('id')
  if (typeof move !== 'string' || !Object.hasOwn(DESK_MOVES, move) || !isSuggestionId(id) || req.user === null)
    return sendRefusal(event, req, 'not-found')
  const { subject, name, email } = req.user
  const by = {
    kind: 'person' as const,
    subject,
    ...(name === undefined ? {} : { name }),
    ...(email === undefined ? {} : { email }),
  }
  const to = DESK_MOVES[move as keyof typeof DESK_MOVES]
  const outcome = await moveSuggestion(await useSuggestionDeps(), id, to, by, new Date())
  if (outcome.kind === 'stale' && outcome.suggestion === null) return sendRefusal(event, req, 'not-found')
  return sendRedirect(event, `${here}?done=${outcome.kind === 'moved' ? to : 'stale'}#s-${id}`, 303)
})
