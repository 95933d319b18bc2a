// GET /desk/{desk}/people: who is in the groups this desk invites into, and
// the forms to invite, remove, invite again and send a fresh link.
import { defineEventHandler, getQuery } from 'h3'
import { doneNotice } from '../../../server/render/people/people-notices'
import { readPeopleRequest, sendPeoplePage } from '../../../utils/people-request'

export default defineEventHandler(async (event) => {
  const asked = await readPeopleRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const notice = doneNotice(getQuery(event).done)
  return sendPeoplePage(event, asked, notice === undefined ? {} : { notice })
})
