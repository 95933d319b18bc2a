import { createError, defineEventHandler, getRouterParam, setResponseHeader } from 'h3'
import { MAIL_FRAME_HEADERS } from '../../../../server/http/mail-frame-headers'
import { outboxDir } from '../../../../server/mail/mailer-setup'
import { readFramedMailHtml } from '../../../../server/mail/outbox-html'
import { readOutboxMail } from '../../../../server/mail/outbox-list'
import { requireDevelopment } from '../../../../utils/development'

// Development only: one outbox mail's HTML part, for the outbox's sandboxed frame.
export default defineEventHandler(async (event) => {
  const config = requireDevelopment()
  const raw = readOutboxMail(outboxDir(config), getRouterParam(event, 'name') ?? '')
  if (raw === null) throw createError({ statusCode: 404, statusMessage: 'No such mail' })
  setResponseHeader(event, 'content-type', 'text/html; charset=utf-8')
  for (const [name, value] of Object.entries(MAIL_FRAME_HEADERS)) setResponseHeader(event, name, value)
  return readFramedMailHtml(raw)
})
