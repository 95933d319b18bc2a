// Ends the session: deletes it from the bus and clears the cookie. The
// session's CSRF token must come along, so no other site can sign anyone out.
import { defineEventHandler, sendRedirect } from 'h3'
import { useContent } from '../../server/app/content'
import type { FormBody } from '../../server/forms/form-body'
import { readFormBody } from '../../utils/read-form-body'
import { SessionsUnavailableError } from '../../server/sessions'
import { messagesFor } from '../../server/messages/messages'
import { renderErrorPage } from '../../server/render/error-page'
import { CSRF_FIELD } from '../../server/forms/service-fields'
import { pkgAssets } from '../../utils/assets'
import { checkCsrf } from '../../utils/csrf'
import { sendPage } from '../../utils/html-response'
import { endSession, getSession, sendSessionsUnavailable } from '../../utils/session'
import { dropVisitorCookie } from '../../utils/visitor-cookie'
import { getStoryline } from '../../utils/storyline'

// The form carries only its token: a few hundred bytes. Read within a cap, so
// a huge post is never held in memory.
const SIGN_OUT_FORM_LIMIT = 4 * 1024

export default defineEventHandler(async (event) => {
  // Without a session there is nothing to end (it expired, or never was).
  if ((await getSession(event)) === null) return sendRedirect(event, '/', 303)
  const form: FormBody = await readFormBody(event, { maxBytes: SIGN_OUT_FORM_LIMIT }).catch(() => new Map())
  if (!(await checkCsrf(event, form.get(CSRF_FIELD)))) {
    const { site } = await useContent()
    const story = getStoryline(event, site)
    const m = messagesFor(site, story)
    return sendPage(
      event,
      renderErrorPage({
        site,
        story,
        status: 403,
        assets: pkgAssets,
        title: m.say('sign-out.refused.title'),
        message: m.say('sign-out.refused.message'),
      }),
      403,
    )
  }
  try {
    await endSession(event)
    dropVisitorCookie(event)
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
  return sendRedirect(event, '/', 303)
})
