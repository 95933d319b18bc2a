// The records a record's `record` fields name, as far as the person may see
// them: a name they may read, and a desk link when this desk shows that bucket.
import type { Bucket, SiteModel } from '../content/model'
import { recordName } from '../content/record-name'
import type { PolicyEngine } from '../policy/engine'
import { mayReadRecord } from '../policy/questions'
import type { Principal } from '../policy/request'
import type { RecordView } from '../records/types'
import { deskRecordPath } from '../content/paths'

export interface LinkedRecord {
  readonly name: string
  readonly href?: string
}

export interface LinkContext {
  readonly site: SiteModel
  readonly policy: PolicyEngine
  readonly principal: Principal
  readonly desk: string
  /** The desk's buckets this person may read: only these get a link. */
  readonly readable: readonly Bucket[]
  readonly lookup: (bucket: string, id: string) => RecordView | null
}

/** By field name; a field whose record is gone or hidden from the person is absent. */
export function linkedRecords(ctx: LinkContext, bucket: Bucket, view: RecordView): Map<string, LinkedRecord> {
  const links = new Map<string, LinkedRecord>()
  for (const field of bucket.fields) {
    const id = view.fields[field.name]
    if (field.type !== 'record' || field.of === undefined || !id) continue
    const other = ctx.lookup(field.of, id)
    if (other === null || !mayReadRecord(ctx.policy, ctx, other)) continue
    const onDesk = ctx.readable.some((b) => b.name === field.of)
    links.set(field.name, {
      name: recordName(ctx.site.buckets.get(field.of), other),
      href: onDesk ? deskRecordPath(ctx.desk, field.of, other.id) : undefined,
    })
  }
  return links
}
