import { createError, defineEventHandler, sendRedirect } from 'h3'
import { simpleParser } from 'mailparser'
import { useDevMailer } from '../../../../server/app/dev-mailer'
import { readFormBody } from '../../../../utils/read-form-body'
import { composeTypedReply } from '../../../../server/mail/replies/typed-reply'
import { CSRF_FIELD } from '../../../../server/forms/service-fields'
import { renderOutboxReply } from '../../../../server/render/outbox'
import { checkCsrf, getCsrfToken } from '../../../../utils/csrf'
import { requireDevelopment } from '../../../../utils/development'
import { sendPage } from '../../../../utils/html-response'
import { getOutboxMail } from '../../../../utils/outbox-mail'
import { getStaffMessages } from '../../../../utils/staff-messages'

// Development only: the typed reply goes through the mailer's inbox, as a
// reply by SMTP would; a refusal shows what the SMTP server would answer.
export default defineEventHandler(async (event) => {
  const { mail, header, raw } = getOutboxMail(event, requireDevelopment())
  const inbox = (await useDevMailer())?.inbox ?? null
  if (inbox === null) throw createError({ statusCode: 503, statusMessage: 'No mailer takes replies here' })
  const body = await readFormBody(event, { maxBytes: 256 * 1024 })
  if (!(await checkCsrf(event, body.get(CSRF_FIELD))))
    throw createError({ statusCode: 403, statusMessage: 'The form is out of date; open it again' })
  const typed = body.get('text')
  const text = typeof typed === 'string' ? typed.trim() : ''
  const original = await simpleParser(raw)
  const message = await composeTypedReply({ original: header, originalText: original.text ?? '', text })
  const refusal = await inbox.receive(message, mail.replyTo)
  if (refusal === null) return sendRedirect(event, '/dev/outbox?replied=1', 303)
  const csrf = await getCsrfToken(event)
  return sendPage(
    event,
    renderOutboxReply(
      { mail, csrf, error: `${refusal.code} ${refusal.message}`, kept: text },
      await getStaffMessages(),
    ),
    400,
  )
})
