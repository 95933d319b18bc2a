// The outbox mail a /dev/outbox/{name}/reply route answers, or a 404.
import { createError, getRouterParam, type H3Event } from 'h3'
import type { Config } from '../server/config/schema'
import { outboxDir } from '../server/mail/mailer-setup'
import { outboxMailOf, readOutboxHeader, readOutboxMail, type OutboxMail } from '../server/mail/outbox-list'

export interface OutboxEntry {
  readonly mail: OutboxMail
  readonly header: ReadonlyMap<string, string>
  readonly raw: string
}

export function getOutboxMail(event: H3Event, config: Config): OutboxEntry {
  const name = getRouterParam(event, 'name') ?? ''
  const dir = outboxDir(config)
  const header = readOutboxHeader(dir, name)
  const raw = readOutboxMail(dir, name)
  if (header === null || raw === null || (header.get('reply-to') ?? '') === '')
    throw createError({ statusCode: 404, statusMessage: 'No such mail to reply to' })
  return { mail: outboxMailOf(name, header), header, raw }
}
