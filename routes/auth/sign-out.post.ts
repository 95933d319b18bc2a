// Ends the session: deletes it from the bus and clears the cookie. The
// session's CSRF token must come along, so no other site can sign anyone out.
import { defineEventHandler, readBody, sendRedirect } from 'h3'
import { useContent } from '../../server/app/content'
import { SessionsUnavailableError } from '../../server/people/guarded-kv'
import { renderErrorPage } from '../../server/render/error-page'
import { CSRF_FIELD } from '../../server/render/form'
import { pkgAssets } from '../../utils/assets'
import { checkCsrf } from '../../utils/csrf'
import { sendPage } from '../../utils/html-response'
import { endSession, getSession, sendSessionsUnavailable } from '../../utils/session'
import { getStoryline } from '../../utils/storyline'

export default defineEventHandler(async (event) => {
  // Without a session there is nothing to end (it expired, or never was).
  if ((await getSession(event)) === null) return sendRedirect(event, '/', 303)
  const form = (await readBody<Record<string, unknown> | undefined>(event).catch(() => undefined)) ?? {}
  if (!(await checkCsrf(event, form[CSRF_FIELD]))) {
    const { site } = await useContent()
    return sendPage(event, renderErrorPage({
      site, story: getStoryline(event, site), status: 403, assets: pkgAssets,
      title: 'Sign-out was refused',
      message: 'This form was out of date. Go back, reload the page and sign out again.',
    }), 403)
  }
  try {
    await endSession(event)
  } catch (error) {
    if (error instanceof SessionsUnavailableError) return sendSessionsUnavailable(event)
    throw error
  }
  return sendRedirect(event, '/', 303)
})
