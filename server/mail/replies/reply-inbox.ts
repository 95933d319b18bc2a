// Where a reply by mail lands: its address opened as a reply address
// (reply-book.ts), the case checked to be there, the message parsed with
// mailparser, quoted history and signatures stripped with email-reply-parser,
// and what is left appended to the case as a note by mail, its state
// unchanged (SPEC 3). Anything else is refused with an SMTP answer and
// nothing is appended. The SMTP server (inbound-server.ts) and, in
// development, /dev/outbox both come through here.
import { createHash } from 'node:crypto'
import EmailReplyParser from 'email-reply-parser'
import { simpleParser } from 'mailparser'
import { BusConflictError } from '../../bus/errors'
import type { Bus, BusKv } from '../../bus/types'
import { log } from '../../log'
import type { ReplyResult } from '../../metrics/mail-metrics'
import { appendNote } from '../../records/append-note'
import { RECORDS_STREAM, recordSubject } from '../../records/types'
import { countMimeParts } from './mime-parts'
import type { ReplyBook, ReplyRefusal } from './reply-book'
import type { ReplyHandle } from './reply-token'

/** An SMTP answer that refuses: `code` 5xx for never, 4xx for later; `result` is what metrics call it. */
export interface SmtpRefusal {
  readonly code: number
  readonly message: string
  readonly result: ReplyResult
}

export interface ReplyInbox {
  /** At RCPT TO: null when replies to `address` are taken. */
  accepts(address: string): Promise<SmtpRefusal | null>
  /** The whole message, after DATA: null once it is on the case. */
  receive(raw: Buffer, address: string): Promise<SmtpRefusal | null>
}

// The reply parser's expressions (plain JavaScript ones: re2 is not
// installed) slow down badly on long runs of blank lines and of spaces, and
// on long lines (16 KB of `>` and spaces held the event loop 1.3 s): they run
// on the text part only, with such runs squeezed, lines cut, and only on its
// start. A reply anyone typed fits.
const PARSED_TEXT_MAX = 16 * 1024
const PARSED_LINES_MAX = 400
const PARSED_LINE_MAX = 1000

export function replyText(text: string): string {
  const squeezed = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
  return squeezed
    .slice(0, PARSED_TEXT_MAX)
    .split('\n')
    .slice(0, PARSED_LINES_MAX)
    .map((line) => line.slice(0, PARSED_LINE_MAX))
    .join('\n')
}

// mailparser given many parts can take very long or never settle: the parts
// are counted on the bytes first, and the parse gets a time limit after which
// the sending server is told to try later.
const MAX_PARTS = 100
const PARSE_MS = 5_000

type Parsed = Awaited<ReturnType<typeof simpleParser>>

function parseWithin(raw: Buffer, ms: number): Promise<Parsed | 'late'> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))
  return Promise.race([simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true }), late]).finally(() =>
    clearTimeout(timer),
  )
}

const REFUSALS: Readonly<Record<ReplyRefusal | 'gone', SmtpRefusal>> = {
  'not-a-reply-address': { code: 550, message: '5.1.1 No such mailbox here', result: 'not-a-reply-address' },
  forged: { code: 550, message: '5.1.1 No such reply address', result: 'forged' },
  expired: {
    code: 550,
    message: '5.1.1 This reply address has run out; please use the site instead',
    result: 'expired',
  },
  gone: { code: 550, message: '5.1.1 The case this reply is for is no longer there', result: 'gone' },
}

/** Replies taken, by a digest of their Message-ID and address: a repeat is one note however late it comes. */
export const REPLIES_SEEN_KV = 'svc_mail_replies_seen'

export function createReplyInbox(bus: Bus, book: ReplyBook, now = () => new Date(), parseMs = PARSE_MS): ReplyInbox {
  let opened: Promise<BusKv> | undefined
  const seen = () =>
    (opened ??= bus.kv(REPLIES_SEEN_KV, { maxAgeMs: 370 * 86_400_000 }).catch((error: unknown) => {
      opened = undefined
      throw error
    }))
  const caseExists = async (handle: ReplyHandle) =>
    (await bus.lastSubjectSequence(RECORDS_STREAM, recordSubject(handle.bucket, handle.record))) > 0

  async function openCase(address: string): Promise<{ handle: ReplyHandle } | { refusal: SmtpRefusal }> {
    const opened = await book.open(address)
    if ('refused' in opened) return { refusal: REFUSALS[opened.refused] }
    if (!(await caseExists(opened.handle))) return { refusal: REFUSALS.gone }
    return opened
  }

  return {
    async accepts(address) {
      const opened = await openCase(address)
      return 'refusal' in opened ? opened.refusal : null
    },
    async receive(raw, address) {
      const opened = await openCase(address)
      if ('refusal' in opened) return opened.refusal
      const { handle } = opened
      if (countMimeParts(raw) > MAX_PARTS)
        return { code: 552, message: `5.3.4 More than ${MAX_PARTS} parts`, result: 'too-many-parts' }
      let text: string
      let messageId: string | undefined
      try {
        const parsed = await parseWithin(raw, parseMs)
        if (parsed === 'late') {
          log('warn', 'mail', '[svc] [mail] a reply took too long to parse', { bytes: raw.length })
          return { code: 451, message: '4.3.0 The message took too long to read; try again later', result: 'too-slow' }
        }
        text = parsed.text ?? ''
        messageId = parsed.messageId
      } catch {
        return { code: 550, message: '5.6.0 The message could not be read', result: 'unreadable' }
      }
      const reply = new EmailReplyParser().parseReply(replyText(text)).trim()
      if (reply === '') return { code: 550, message: '5.6.0 The reply has no text of its own', result: 'empty' }
      // The same message handed over twice (a client that lost the 250, even hours later) is one note.
      const digest = createHash('sha256')
        .update(messageId ?? raw)
        .update(`\n${address.toLowerCase()}`)
        .digest('base64url')
      const msgId = `reply:${digest}`
      const taken = await seen()
      if ((await taken.get(digest)) !== null) return null
      const { bucket, record: id, storyline } = handle
      const actor = { kind: 'mail', address: handle.to } as const
      const appended = await appendNote(bus, {
        bucket,
        id,
        storyline,
        actor,
        via: 'mail',
        text: reply,
        msgId,
        time: now(),
      })
      await taken.create(digest, { seq: appended.seq }).catch((error: unknown) => {
        if (!(error instanceof BusConflictError)) throw error
      })
      log('info', 'mail', 'a reply is on its case', {
        bucket,
        record: id,
        seq: appended.seq,
        duplicate: appended.duplicate,
      })
      return null
    },
  }
}
