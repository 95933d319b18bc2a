// POST /desk/{desk}/people: invite, remove, invite again or send a fresh link
// (`do`), CSRF-checked, policy-checked per group, and once per form.
import { defineEventHandler, sendRedirect } from 'h3'
import { useBus } from '../../../server/app/bus'
import { createFormOnce } from '../../../server/people/form-once'
import { peopleFormRefused } from '../../../server/render/people/people-notices'
import { sendDeskMessage, sendRefusal } from '../../../utils/desk-reply'
import { inviteFromForm, reinviteFromForm, removeFromForm, reopenFromForm } from '../../../utils/people-actions'
import { readPeopleRequest, sendPeoplePage } from '../../../utils/people-request'
import { IdpUnavailableError } from '../../../server/people/idp/idp-admin'
import { peoplePath } from '../../../server/content/paths'
import { readFormPost } from '../../../utils/read-form-post'

const ACTIONS = { invite: inviteFromForm, remove: removeFromForm, reinvite: reinviteFromForm, reopen: reopenFromForm }
const FORM_LIMIT = 16 * 1024

export default defineEventHandler(async (event) => {
  const asked = await readPeopleRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, desk } = asked
  const here = peoplePath(desk.name)
  const post = await readFormPost(event, { maxBytes: FORM_LIMIT })
  if (post === null) return sendDeskMessage(event, req, peopleFormRefused(here))
  const { body, submission } = post
  const verb = body.get('do')
  const act = typeof verb === 'string' && Object.hasOwn(ACTIONS, verb) ? ACTIONS[verb as keyof typeof ACTIONS] : null
  if (act === null || req.user === null) return sendRefusal(event, req, 'not-found')
  const once = createFormOnce(await useBus())
  if (!(await once.claim(submission))) return sendRedirect(event, `${here}?done=again`, 303)
  const { subject, name } = req.user
  try {
    return await act(event, asked, body, { kind: 'person', subject, ...(name === undefined ? {} : { name }) })
  } catch (error) {
    await once.release(submission).catch(() => undefined)
    if (error instanceof IdpUnavailableError) return sendPeoplePage(event, asked, {}, 503)
    throw error
  }
})
