// Ends the session: deletes it from the bus and clears the cookie. The
// session's CSRF token must come along, so no other site can sign anyone out.
import { defineEventHandler, sendRedirect } from 'h3'
import { useContent } from '../../server/app/content'
import type { FormBody } from '../../server/forms/form-body'
import { readFormBody } from '../../server/forms/read-form-body'
import { SessionsUnavailableError } from '../../server/sessions'
import { renderErrorPage } from '../../server/render/error-page'
import { CSRF_FIELD } from '../../server/render/form'
import { pkgAssets } from '../../utils/assets'
import { checkCsrf } from '../../utils/csrf'
import { sendPage } from '../../utils/html-response'
import { endSession, getSession, sendSessionsUnavailable } from '../../utils/session'
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
    return sendPage(
      event,
      renderErrorPage({
        site,
        story: getStoryline(event, site),
        status: 403,
        assets: pkgAssets,
        title: 'Sign-out was refused',
        message: 'This form was out of date. Go back, reload the page and sign out again.',
      }),
      403,
    )
  }
  try {
    await endSession(event)
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
  return sendRedirect(event, '/', 303)
})
