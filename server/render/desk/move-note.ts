// The note a move asks for (`note: optional | required`): a text area with
// its error beside it when a post was refused, the words kept. Its label
// names the move, so beside other moves it cannot be read as theirs.
import type { Move } from '../../content/model'
import type { Messages } from '../../messages/messages'
import type { Said } from '../../messages/said'
import { NOTE_FIELD } from '../../desk/move-form'
import { html, type SafeHtml } from '../html'

export interface NoteState {
  readonly kept?: string
  readonly error?: Said
}

const help = (move: Move, m: Messages) =>
  m.say(
    [move.mail?.subject, move.mail?.body].some((text) => text?.some((entry) => /\{\{\s*note\s*\}\}/.test(entry)))
      ? 'desk.note.help-mailed'
      : 'desk.note.help',
  )

/** The note's text area's id: one per move, so a page of several moves links each error to its own field. */
export const noteId = (edge: string): string => `note-${edge}`

/** `label` is the move's label as the button says it. */
export function renderMoveNote(move: Move, label: string, m: Messages, state: NoteState = {}): SafeHtml | null {
  if (move.note === undefined) return null
  const id = noteId(move.name)
  const [helpId, errorId] = [`${id}-help`, `${id}-error`]
  const error = state.error === undefined ? undefined : m.tell(state.error)
  const message = error === undefined ? null : html`<p class="field-error-message" id="${errorId}">${error}</p>`
  const described =
    error === undefined
      ? html` aria-describedby="${helpId}"`
      : html` aria-describedby="${errorId} ${helpId}" aria-invalid="true"`
  const which = m.say(move.note === 'required' ? 'desk.note' : 'desk.note.optional', { move: label })
  return html`<div class="field${error === undefined ? '' : ' field-invalid'}"><label for="${id}">${which}</label>
<p class="field-help" id="${helpId}">${help(move, m)}</p>
${message}<textarea id="${id}" name="${NOTE_FIELD}" rows="3"${described}>
${state.kept ?? ''}</textarea></div>`
}
