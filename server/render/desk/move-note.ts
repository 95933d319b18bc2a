// The note a move asks for (`note: optional | required`): a text area with
// its error beside it when a post was refused, the words kept.
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

export function renderMoveNote(move: Move, m: Messages, state: NoteState = {}): SafeHtml | null {
  if (move.note === undefined) return null
  const id = `note-${move.name}`
  const errorId = `${id}-error`
  const error = state.error === undefined ? undefined : m.tell(state.error)
  const message = error === undefined ? null : html`<p class="field-error-message" id="${errorId}">${error}</p>`
  const described = error === undefined ? null : html` aria-describedby="${errorId}" aria-invalid="true"`
  const which = m.say(move.note === 'required' ? 'desk.note' : 'desk.note.optional')
  return html`<div class="field${error === undefined ? '' : ' field-invalid'}"><label for="${id}">${which}</label>
<p class="field-help">${help(move, m)}</p>
${message}<textarea id="${id}" name="${NOTE_FIELD}" rows="3"${described}>
${state.kept ?? ''}</textarea></div>`
}
