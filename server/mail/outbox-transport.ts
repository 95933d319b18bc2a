// Development mail: each message written whole (as an SMTP server would get
// it) to `<dir>/<time>-<id>.eml`, for /dev/outbox to show. Nothing leaves
// the machine.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import { toNodemailer } from './smtp-transport'
import type { MailTransport } from './transport'

export function createOutboxTransport(dir: string): MailTransport {
  mkdirSync(dir, { recursive: true })
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const built = await builder.sendMail(toNodemailer(mail))
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`
      writeFileSync(join(dir, name), built.message as Buffer)
    },
    close: () => builder.close(),
  }
}
