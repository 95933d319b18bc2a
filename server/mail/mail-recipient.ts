// A move's `mail.to`, resolved for one record. The mailer resolves a
// subject to the account's address itself: building the intent reads no
// directory of people.
import type { Bucket } from '../content/model'
import { contactValue, submitterSubject } from '../records/person'
import type { RecordView } from '../records/types'

export type MailRecipient = { readonly email: string } | { readonly subject: string }

/** Null when there is nobody to write to, which is not an error. */
export function resolveRecipient(to: string, bucket: Bucket, view: RecordView): MailRecipient | null {
  if (to === 'submitter') {
    const email = contactValue(bucket, view, 'email')
    if (email !== undefined) return { email }
    const subject = submitterSubject(view)
    return subject === undefined ? null : { subject }
  }
  if (to.includes('@')) return { email: to }
  const value = view.fields[to]?.trim()
  return value ? { email: value } : null
}
