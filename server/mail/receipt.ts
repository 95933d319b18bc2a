// The receipt a bucket may declare: mailed at filing to the contact address
// the filing gave. A filing without one gets none (nobody asked to hear).
import type { Bucket, Mail } from '../content/model'
import { contactValue } from '../records/person'
import type { RecordView } from '../records/types'

export function receiptMail(bucket: Bucket, view: RecordView): Mail | undefined {
  if (bucket.receipt === undefined) return undefined
  // To the submitter, who gave this address: their case page, a reply address.
  return contactValue(bucket, view, 'email') === undefined ? undefined : { to: 'submitter', ...bucket.receipt }
}
