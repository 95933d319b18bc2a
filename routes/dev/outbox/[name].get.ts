import { createError, defineEventHandler, getRouterParam, setResponseHeader } from 'h3'
import { outboxDir } from '../../../server/mail/mailer-setup'
import { readOutboxMail } from '../../../server/mail/outbox-list'
import { requireDevelopment } from '../../../utils/development'

// Development only: one mail of the outbox, whole, as text.
export default defineEventHandler((event) => {
  const config = requireDevelopment()
  const mail = readOutboxMail(outboxDir(config), getRouterParam(event, 'name') ?? '')
  if (mail === null) throw createError({ statusCode: 404, statusMessage: 'No such mail' })
  setResponseHeader(event, 'content-type', 'text/plain; charset=utf-8')
  return mail
})
