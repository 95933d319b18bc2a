// Writing the KV projection after an append, and repairing it from the
// stream when it fell behind (a crash between append and write).
import type { Bus } from '../bus/types'
import { erasedEntry, historyEntry } from './apply-event'
import type { ProjectionStore } from './projection-store'
import { rebuildProjection } from './record-events'
import type { Projection, RecordEvent, RecordView } from './types'

export interface AppendedEvent {
  readonly event: RecordEvent
  readonly seq: number
  /** The record after the event. */
  readonly view: RecordView
  /** The record's sequence before the event; 0 for a filing. */
  readonly previousSeq: number
}

export function projectEvent(
  bus: Bus,
  store: ProjectionStore,
  { event, seq, view, previousSeq }: AppendedEvent,
): Promise<void> {
  const change = async (stored: Projection | null) => {
    if (stored !== null && stored.record.seq >= seq) return null
    const said = historyEntry(event, seq, view.state)
    const entry = view.erasedAt === undefined ? said : erasedEntry(said)
    if (event.type === 'filed') return { record: view, history: [entry] }
    // The usual case: the stored projection is the one this move started from.
    if (stored !== null && stored.record.seq === previousSeq)
      return { record: view, history: [...stored.history, entry] }
    return rebuildProjection(bus, view.bucket, view.id, seq)
  }
  return store.update(view.bucket, view.id, change, { fresh: event.type === 'filed' })
}

/** Stores a projection already folded from the stream, unless a newer one is there. */
export function storeProjection(store: ProjectionStore, projection: Projection): Promise<void> {
  const { bucket, id, seq } = projection.record
  return store.update(bucket, id, async (stored) => (stored !== null && stored.record.seq >= seq ? null : projection))
}
