// The records core: filing and moving records, event-sourced on SVC_RECORDS.
//
//   const index = createRecordIndex(bus)            // one per instance; await index.ready
//   const records = createRecords({ bus, site: () => content.site, index, publicUrl })
//
//   records.file({ bucket, storyline, fields, submitter, actor }) -> RecordView
//       A new record in the bucket's first state. Throws BucketNotFoundError when
//       the content no longer has the bucket.
//   records.move({ bucket, id, edge, via, expectSeq, actor }) -> { record, duplicate }
//       `edge` must be a declared move from the record's state: `moves` for via
//       'desk' and 'timed', `self` for 'self' (else EdgeNotAllowedError).
//       `expectSeq` is `record.seq` as the caller saw it; if anyone moved the
//       record since, RecordChangedError ("reload"). Unknown record:
//       RecordNotFoundError. `duplicate` is true when this very move (record,
//       version, edge) was already appended, by a retry or by another instance.
//   records.get(bucket, id) -> RecordView | null      from the KV projection
//   records.history(bucket, id) -> HistoryEntry[]     oldest first
//
// Policy is the routes' job (ask the policy engine first); this layer
// guarantees that an edge exists and that of two concurrent moves exactly one
// is appended. After each append it writes the KV projection (svc_records,
// `<bucket>:<id>`), queues the edge's mail on SVC_MAIL and applies the entered
// state's `grants:`. Should one of those fail, SideEffectsError says the event
// is recorded and that the same call may be retried. Listings, report counts
// and timed-move candidates come from the index; runTimedMoves in
// timed-moves.ts does the clock's moves.
import type { Bus } from '../bus/types'
import type { SiteModel } from '../content/model'
import { fileRecord, newRecordId } from './file-record'
import type { FileInput } from './file-record'
import { createMemberships } from './memberships'
import type { Memberships } from './memberships'
import { moveRecord } from './move-record'
import type { MoveInput, MoveOutcome } from './move-record'
import { createProjectionStore } from './projection-store'
import type { RecordIndex } from './record-index'
import type { RecordsContext } from './records-context'
import { createSideEffects } from './side-effects'
import { ensureRecordStreams } from './streams'
import type { HistoryEntry, RecordView } from './types'

export interface RecordsOptions {
  bus: Bus
  /** The content being served now; read on every call, so a reload takes effect at once. */
  site: () => SiteModel
  index: RecordIndex
  /** PUBLIC_URL, for links in mail. */
  publicUrl: string
  now?: () => Date
  newId?: () => string
  /** Where `grants:` go; the service's own svc_memberships unless given. */
  memberships?: Memberships
  /** How long a move waits for the index to see the version it expects (default 3 s). */
  waitMs?: number
}

export interface Records {
  file(input: FileInput): Promise<RecordView>
  move(input: MoveInput): Promise<MoveOutcome>
  get(bucket: string, id: string): Promise<RecordView | null>
  history(bucket: string, id: string): Promise<HistoryEntry[]>
}

export function createRecords(options: RecordsOptions): Records {
  const { bus, index, publicUrl } = options
  const projections = createProjectionStore(bus)
  const memberships = options.memberships ?? createMemberships(bus)
  const ctx: RecordsContext = {
    bus,
    site: options.site,
    index,
    projections,
    now: options.now ?? (() => new Date()),
    waitMs: options.waitMs ?? 3000,
    sideEffects: createSideEffects({ bus, index, memberships, publicUrl }),
  }
  const newId = options.newId ?? newRecordId
  let streams: Promise<void> | undefined
  // Ensured once, on first write; a failure is tried again on the next.
  const ensured = () =>
    (streams ??= ensureRecordStreams(bus).catch((error: unknown) => {
      streams = undefined
      throw error
    }))

  return {
    async file(input) {
      await ensured()
      return fileRecord(ctx, newId, input)
    },
    async move(input) {
      await ensured()
      return moveRecord(ctx, input)
    },
    async get(bucket, id) {
      return (await projections.read(bucket, id))?.record ?? null
    },
    async history(bucket, id) {
      return [...((await projections.read(bucket, id))?.history ?? [])]
    },
  }
}
