import { defineEventHandler } from 'h3'
import { renderOutboxReply } from '../../../../server/render/outbox'
import { getCsrfToken } from '../../../../utils/csrf'
import { requireDevelopment } from '../../../../utils/development'
import { sendPage } from '../../../../utils/html-response'
import { getOutboxMail } from '../../../../utils/outbox-mail'
import { getStaffMessages } from '../../../../utils/staff-messages'

// Development only: a form to answer an outbox mail as its recipient would.
export default defineEventHandler(async (event) => {
  const { mail } = getOutboxMail(event, requireDevelopment())
  return sendPage(event, renderOutboxReply({ mail, csrf: await getCsrfToken(event) }, await getStaffMessages()))
})
