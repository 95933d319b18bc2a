// Who filed a record, as far as mail and grants need to know.
import type { Bucket } from '../content/model'
import { VISITOR_PREFIX } from './types'
import type { RecordView } from './types'

/** Whatever the provider (or a form) tells about a person; any one may match. */
export interface PersonKeys {
  readonly subject?: string
  readonly email?: string
  readonly phone?: string
}

/** The signed-in submitter's subject; undefined for a visitor. */
export function submitterSubject(view: RecordView): string | undefined {
  return view.submitter === '' || view.submitter.startsWith(VISITOR_PREFIX) ? undefined : view.submitter
}

/** The value of the bucket's `contact: true` field of that type, when filled in. */
export function contactValue(bucket: Bucket, view: RecordView, type: 'email' | 'phone'): string | undefined {
  const field = bucket.fields.find((f) => f.contact && f.type === type)
  return (field && view.fields[field.name]?.trim()) || undefined
}

/** Who a `grants:` state adds: the signed-in submitter, else the contact address, else the contact number. */
export function grantee(bucket: Bucket, view: RecordView): PersonKeys | null {
  const subject = submitterSubject(view)
  if (subject !== undefined) return { subject }
  const email = contactValue(bucket, view, 'email')
  if (email !== undefined) return { email }
  const phone = contactValue(bucket, view, 'phone')
  return phone === undefined ? null : { phone }
}
