// Which records of a bucket are this visitor's own: those they filed (in this
// browser or signed in) and, signed in, those naming their provider-verified
// address or phone in the bucket's contact field (policy/questions.ts
// ownsRecord). The `mine` list and the person's export ask the same.
import type { Bucket } from '../content/model'
import type { ListFilter } from '../records/list-filter'
import type { Visitor } from './visitor'

/** Null when the visitor has filed nothing anyone could find, or the bucket keeps no submitter. */
export function mineFilter(visitor: Visitor, bucket: Bucket): ListFilter | null {
  const submitter = visitor.submitters ?? visitor.submitter
  if (submitter === undefined || bucket.signIn === 'none') return null
  const { email: address, phone } = visitor.principal ?? {}
  const contactField = (type: 'email' | 'phone') => bucket.fields.find((f) => f.contact && f.type === type)?.name
  const [field, phoneField] = [contactField('email'), contactField('phone')]
  const contact = address === undefined || field === undefined ? {} : { contact: { field, address } }
  const byPhone = phone === undefined || phoneField === undefined ? {} : { contactPhone: { field: phoneField, phone } }
  return { submitter, ...contact, ...byPhone }
}
