// Reading the development outbox back for /dev/outbox: each file's sender,
// recipient, subject and date from its header, newest first. Only files the
// outbox transport writes (`*.eml` directly in the folder) are listed, and a
// file is opened only by a name from this list, never by one from a request.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface OutboxMail {
  readonly name: string
  readonly to: string
  /** Where a reply goes; empty when replies are off. */
  readonly replyTo: string
  readonly subject: string
  /** The Date header as an ISO instant, or as written when it is not a date. */
  readonly date: string
}

const FILE_NAME = /^[\w.-]+\.eml$/
// The header ends at the first empty line; a few KB holds it.
const HEADER_BYTES = 16 * 1024

export function listOutbox(dir: string): OutboxMail[] {
  return mailNames(dir)
    .sort()
    .reverse()
    .map((name) => outboxMailOf(name, readHeader(join(dir, name))))
}

/** What the outbox shows of a mail, from its header fields. */
export function outboxMailOf(name: string, header: ReadonlyMap<string, string>): OutboxMail {
  const field = (key: string) => header.get(key) ?? ''
  const sent = new Date(field('date'))
  const date = Number.isNaN(sent.getTime()) ? field('date') : sent.toISOString()
  return { name, to: field('to'), replyTo: field('reply-to'), subject: field('subject'), date }
}

/** The whole message of a listed mail, or null for a name the outbox does not list. */
export function readOutboxMail(dir: string, name: string): string | null {
  if (!FILE_NAME.test(name) || !mailNames(dir).includes(name)) return null
  return readFileSync(join(dir, name), 'utf8')
}

/** A listed mail's header fields (lower-case names), or null for a name the outbox does not list. */
export function readOutboxHeader(dir: string, name: string): ReadonlyMap<string, string> | null {
  if (!FILE_NAME.test(name) || !mailNames(dir).includes(name)) return null
  return readHeader(join(dir, name))
}

function mailNames(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => FILE_NAME.test(name))
  } catch {
    return []
  }
}

function readHeader(path: string): Map<string, string> {
  const text = readFileSync(path).subarray(0, HEADER_BYTES).toString('utf8')
  const block = text.split(/\r?\n\r?\n/, 1)[0] ?? ''
  const fields = new Map<string, string>()
  // Folded lines continue the field above them.
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()))
  }
  return fields
}

// RFC 2047 words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes a
// header that is not plain ASCII; the space between two words is not text.
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16))),
            'latin1',
          ).toString('utf8'),
    )
}
