// A note on a case: something said about it that leaves its state as it is
// (SPEC 3: a reply by mail does not move the record). Appended without an
// expected version, since a note never races a move for the state; `msgId`
// makes a repeat of the same note (a retried post, an SMTP client sending
// the same reply again) one event.
import type { Bus } from '../bus/types'
import { appendRecordEvent } from './append-event'
import type { Actor, RecordEvent } from './types'

export interface AppendNoteInput {
  readonly bucket: string
  readonly id: string
  readonly storyline: string
  readonly actor: Actor
  readonly via: 'desk' | 'mail' | 'service'
  readonly text: string
  readonly msgId: string
  readonly time: Date
}

/** The longest note kept; what comes after is cut, with a mark saying so. */
export const NOTE_MAX_CHARS = 10_000

export function noteText(text: string): string {
  return text.length <= NOTE_MAX_CHARS ? text : `${text.slice(0, NOTE_MAX_CHARS - 1)}…`
}

export async function appendNote(bus: Bus, note: AppendNoteInput): Promise<{ seq: number; duplicate: boolean }> {
  const event: RecordEvent = {
    v: 1,
    type: 'noted',
    record: note.id,
    bucket: note.bucket,
    storyline: note.storyline,
    actor: note.actor,
    time: note.time.toISOString(),
    via: note.via,
    text: noteText(note.text),
  }
  return appendRecordEvent(bus, event, { msgId: note.msgId })
}
