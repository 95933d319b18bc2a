// A message staff wrote to the submitter on the desk (a `noted` event by
// desk), as a mail intent: their Markdown as the body, taken as written
// (no placeholders are filled in someone's own words), to the submitter,
// under a subject from the catalogue naming the case by its reference.
import type { Bucket, SiteModel } from '../content/model'
import { messagesFor } from '../messages/messages'
import { referenceOf } from '../records/reference'
import type { RecordView } from '../records/types'
import { brandOf, recordLink, type MailIntent } from './mail-intent'
import { resolveRecipient } from './mail-recipient'

export interface MessageIntentInput {
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The record after the note, whose seq names the intent. */
  readonly view: RecordView
  readonly text: string
  readonly publicUrl: string
  /** The case's capability for the link (visitor/case-token.ts). */
  readonly caseToken?: string
}

/** Null when the submitter left no way to be written to. */
export function buildMessageIntent({
  site,
  bucket,
  view,
  text,
  publicUrl,
  caseToken,
}: MessageIntentInput): MailIntent | null {
  const to = resolveRecipient('submitter', bucket, view)
  if (to === null) return null
  const brand = brandOf(site, view.storyline)
  // The reference the visitor was given, never the internal id, in the case's own storyline.
  const m = messagesFor(site, Math.max(0, site.storylines.indexOf(view.storyline)))
  const subject = m.say('mail.message.subject', { reference: referenceOf(view.filedSeq) })
  return {
    id: `${view.bucket}:${view.id}:${view.seq}`,
    to,
    subject,
    body: text,
    record: { bucket: view.bucket, id: view.id },
    storyline: view.storyline,
    link: recordLink(site, publicUrl, view, caseToken),
    audience: 'submitter',
    brand,
  }
}

/** Whether staff can write to this record's submitter at all. */
export function canWriteToSubmitter(bucket: Bucket, view: RecordView): boolean {
  return resolveRecipient('submitter', bucket, view) !== null
}
