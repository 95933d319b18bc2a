// POST /suggest?page=/path: a suggestion sent. CSRF-checked, from a person the page
// names, checked against the content with the compile and lint a push goes
// through, kept once per form, then back to the form (post/redirect/get).
import { defineEventHandler, getQuery, sendRedirect } from 'h3'
import { useSuggestionDeps } from '../server/app/suggestions'
import { suggestFormRefused } from '../server/render/suggestions/suggest-messages'
import { suggestHref } from '../server/render/suggestions/suggest-page'
import { sendSuggestion } from '../server/suggestions/send-suggestion'
import { sendDeskMessage } from '../utils/desk-reply'
import { readSuggestRequest, sendSuggestPage } from '../utils/suggest-request'
import { readFormPost } from '../utils/read-form-post'

// Room for every text of a long page in every storyline; a longer post is refused before it is read.
const FORM_LIMIT = 64 * 1024

export default defineEventHandler(async (event) => {
  // Who may send is settled before the body is read.
  const asked = await readSuggestRequest(event, getQuery(event).page)
  if (asked.sent !== undefined) return asked.sent
  const { req, user, page } = asked
  const post = await readFormPost(event, { maxBytes: FORM_LIMIT })
  if (post === null) return sendDeskMessage(event, req, suggestFormRefused(suggestHref(page)))
  const { body, submission: token } = post
  const revision = body.get('revision')
  const deps = await useSuggestionDeps()
  const outcome = await sendSuggestion(deps, {
    page,
    user,
    token,
    revision: typeof revision === 'string' ? revision : '',
    body,
    now: new Date(),
  })
  if (outcome.kind === 'sent') return sendRedirect(event, `${suggestHref(page)}&sent=1`, 303)
  if (outcome.kind === 'changed') return sendSuggestPage(event, asked, { typed: outcome.typed, changed: true }, 409)
  return sendSuggestPage(event, asked, { typed: outcome.typed, errors: outcome.errors }, 422)
})
