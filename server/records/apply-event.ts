// The one fold from events to the current record, shared by the in-memory
// index, the writer and the projection rebuild so they cannot disagree.
import { erasedActor, erasedFields } from './erased-values'
import { isPersonalActor } from './personal'
import { ERASED_VALUE } from './types'
import type { HistoryEntry, Projection, RecordEvent, RecordView } from './types'

export interface SequencedEvent {
  readonly event: RecordEvent
  readonly seq: number
}

/** The record after `event`, or null when the event does not fit (a second filing, a move of nothing). */
export function applyEvent(view: RecordView | null, event: RecordEvent, seq: number): RecordView | null {
  if (event.type === 'filed') {
    if (view !== null) return null
    return {
      id: event.record,
      bucket: event.bucket,
      storyline: event.storyline,
      state: event.to,
      fields: event.fields,
      submitter: event.submitter,
      filedAt: event.time,
      enteredAt: event.time,
      filedSeq: seq,
      seq,
    }
  }
  if (view === null) return null
  // A note leaves the state and the time it was entered as they are; only the version moves on.
  if (event.type === 'noted') return { ...view, seq }
  // An erased record stays erased, whatever a racing writer that still had its key sealed after the erasure.
  if (event.type === 'claimed')
    return view.erasedAt === undefined ? { ...view, submitter: event.submitter, seq } : { ...view, seq }
  if (event.type === 'erased')
    return {
      ...view,
      fields: erasedFields(view.fields, event.fields),
      submitter: ERASED_VALUE,
      erasedAt: event.time,
      seq,
    }
  return { ...view, state: event.to, enteredAt: event.time, seq }
}

/** The history entry of `event`, which left the record in `state`. */
export function historyEntry(event: RecordEvent, seq: number, state: string): HistoryEntry {
  const common = { type: event.type, actor: event.actor, time: event.time, seq }
  switch (event.type) {
    case 'filed':
      return { ...common, to: event.to }
    case 'moved':
      return {
        ...common,
        to: event.to,
        from: event.from,
        edge: event.edge,
        via: event.via,
        ...(event.note === undefined ? {} : { note: event.note }),
      }
    case 'noted':
      return { ...common, to: state, via: event.via, text: event.text }
    case 'claimed':
      return { ...common, to: state }
    case 'erased':
      return { ...common, to: state, reason: event.reason, ...(event.note === undefined ? {} : { note: event.note }) }
  }
}

/** An entry from before the erasure as it reads after it: the submitter's words and who they were, erased. */
export function erasedEntry(entry: HistoryEntry): HistoryEntry {
  const actor = isPersonalActor(entry) ? erasedActor(entry.actor) : entry.actor
  return { ...entry, actor, ...(entry.text === undefined ? {} : { text: ERASED_VALUE }) }
}

/** The projection after all `events` of one record, oldest first; null when none fits. */
export function foldEvents(events: readonly SequencedEvent[]): Projection | null {
  let record: RecordView | null = null
  const history: HistoryEntry[] = []
  for (const { event, seq } of events) {
    const next = applyEvent(record, event, seq)
    if (next === null) continue
    record = next
    // However the events read (a key still kept), nothing from before an erasure is shown after it.
    if (event.type === 'erased') history.splice(0, history.length, ...history.map(erasedEntry))
    const entry = historyEntry(event, seq, next.state)
    // The erasure's own entry too: a submitter who erased their case is not named by it.
    history.push(record.erasedAt === undefined ? entry : erasedEntry(entry))
  }
  return record === null ? null : { record, history }
}
