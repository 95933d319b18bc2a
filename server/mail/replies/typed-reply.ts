// A reply typed at /dev/outbox, made into the message a mail program would
// send: from the mail's recipient to its Reply-To, the text above the
// quoted original, as mail programs write it. It then goes through the same
// inbox as a reply that came in over SMTP.
import nodemailer from 'nodemailer'

export interface TypedReply {
  /** The mail replied to: its header fields and its text. */
  readonly original: ReadonlyMap<string, string>
  readonly originalText: string
  readonly text: string
}

export async function composeTypedReply({ original, originalText, text }: TypedReply): Promise<Buffer> {
  const field = (name: string) => original.get(name) ?? ''
  const quoted = originalText
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const messageId = field('message-id')
  // A stream transport builds the message without sending it anywhere.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  const built = await builder.sendMail({
    from: field('to'),
    to: field('reply-to'),
    subject: `Re: ${field('subject')}`,
    ...(messageId === '' ? {} : { inReplyTo: messageId, references: messageId }),
    text: `${text}\n\nOn ${field('date')}, ${field('from')} wrote:\n${quoted}\n`,
  })
  return built.message as Buffer
}
