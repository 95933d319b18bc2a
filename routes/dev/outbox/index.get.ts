import { defineEventHandler, getQuery } from 'h3'
import { requireDevelopment } from '../../../utils/development'
import { outboxDir } from '../../../server/mail/mailer-setup'
import { listOutbox } from '../../../server/mail/outbox-list'
import { renderOutbox } from '../../../server/render/outbox'
import { sendPage } from '../../../utils/html-response'
import { getStaffMessages } from '../../../utils/staff-messages'

// Development only: the mail the service would have sent.
export default defineEventHandler(async (event) => {
  const config = requireDevelopment()
  const m = await getStaffMessages()
  return sendPage(event, renderOutbox(listOutbox(outboxDir(config)), m, getQuery(event).replied === '1'))
})
