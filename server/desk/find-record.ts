// Resolving /desk/{desk}/{bucket}/{id} to a record the person may see, in
// the order that gives nothing away: an unknown desk or bucket, a record id
// that does not exist and a record the person may not read all look alike.
import type { Bucket, Desk, SiteModel } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import { mayReadRecord } from '../policy/questions'
import type { Principal } from '../policy/request'
import type { RecordView } from '../records/types'
import { deskBucket, openDesk, type Refusal } from './desk-access'
import { isName, isRecordId } from '../names'

export interface DeskRecordParams {
  readonly desk: string
  readonly bucket: string
  readonly id?: string
}

export interface Asker {
  readonly site: SiteModel
  readonly policy: PolicyEngine
  readonly principal: Principal
}

export type DeskBucketFound =
  | { readonly refused: Refusal }
  | { readonly refused?: undefined; readonly desk: Desk; readonly readable: readonly Bucket[]; readonly bucket: Bucket }

export type DeskRecordFound =
  { readonly refused: Refusal } | (Extract<DeskBucketFound, { desk: Desk }> & { readonly view: RecordView })

export function findDeskBucket({ site, policy, principal }: Asker, params: DeskRecordParams): DeskBucketFound {
  if (!isName(params.desk)) return { refused: 'not-found' }
  const opened = openDesk(site, policy, principal, params.desk)
  if (opened.refused !== undefined) return opened
  if (!isName(params.bucket)) return { refused: 'not-found' }
  const found = deskBucket(site, opened.desk, opened.buckets, params.bucket)
  if (found.refused !== undefined) return found
  return { desk: opened.desk, readable: opened.buckets, bucket: found.bucket }
}

export async function findDeskRecord(
  asker: Asker,
  params: DeskRecordParams,
  get: (bucket: string, id: string) => Promise<RecordView | null>,
): Promise<DeskRecordFound> {
  const found = findDeskBucket(asker, params)
  if (found.refused !== undefined) return found
  if (!isRecordId(params.id)) return { refused: 'not-found' }
  const view = await get(found.bucket.name, params.id)
  if (view === null || !mayReadRecord(asker.policy, asker, view)) return { refused: 'not-found' }
  return { ...found, view }
}
