// The mail to a desk's `notify:` address when a reply by mail lands on a case
// its desk holds: in staff words and the staff storyline, the case by its
// reference and name, the reply quoted as plain text, and the one staff link,
// the desk resolver, so whoever reads it opens the case on a desk of theirs.
import type { Bucket, Desk, SiteModel } from '../content/model'
import { recordName } from '../content/record-name'
import { staffStory } from '../content/staff-story'
import { messagesFor } from '../messages/messages'
import { referenceOf } from '../records/reference'
import type { RecordView } from '../records/types'
import { brandOf, type MailIntent } from './mail-intent'
import { markdownText } from './mail-text'
import { deskCasePath } from '../content/paths'

export interface NotifyIntentInput {
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The record after the reply, whose seq names the intent. */
  readonly view: RecordView
  readonly text: string
  readonly publicUrl: string
}

/** The first desk (in content order) holding the bucket that names an address to tell. */
export function notifiedDesk(site: SiteModel, bucket: string): Desk | undefined {
  return [...site.desks.values()].find((desk) => desk.notify !== undefined && desk.buckets.includes(bucket))
}

/** Null when no desk holding the case's bucket names `notify:`. */
export function buildNotifyIntent({ site, bucket, view, text, publicUrl }: NotifyIntentInput): MailIntent | null {
  const desk = notifiedDesk(site, bucket.name)
  if (desk?.notify === undefined) return null
  const story = staffStory(site)
  const storyline = site.storylines[story] ?? view.storyline
  const m = messagesFor(site, story)
  const reference = referenceOf(view.filedSeq)
  const name = recordName(bucket, view)
  const quoted = markdownText(text)
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  const link = `${publicUrl.replace(/\/+$/, '')}${deskCasePath(view.bucket, view.id)}`
  const body = `${m.say('mail.notify.body', { reference, name: markdownText(name) })}\n\n${quoted}\n\n<${link}>`
  return {
    id: `${view.bucket}:${view.id}:${view.seq}`,
    to: { email: desk.notify },
    subject: m.say('mail.notify.subject', { reference, name: name.slice(0, 60) }),
    body,
    record: { bucket: view.bucket, id: view.id },
    storyline,
    link,
    audience: 'staff',
    brand: brandOf(site, storyline),
  }
}
