// "Write to the submitter" on a desk record: a Markdown message that lands in
// the case's history and is mailed to whoever filed it. A refused message
// comes back with its error beside the field and the words kept.
import type { Messages } from '../../messages/messages'
import type { Said } from '../../messages/said'
import { MESSAGE_FIELD } from '../../desk/write-form'
import { newSubmissionToken } from '../../forms/submission-token'
import type { RecordView } from '../../records/types'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { SUBMISSION_FIELD } from '../../forms/service-fields'
import { deskRecordPath } from '../../content/paths'

/** Whether the form is offered, and what a refused post left in it. */
export type WriteState =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'no-address' }
  | { readonly kind: 'open'; readonly kept?: string; readonly error?: Said }

/** The message's text area, which a refused message's summary links to. */
export const WRITE_MESSAGE_ID = 'write-message'

export function renderWriteForm(
  desk: string,
  view: RecordView,
  csrf: string,
  state: WriteState,
  m: Messages,
): SafeHtml {
  if (state.kind === 'hidden') return html``
  if (state.kind === 'no-address') return html`<p class="empty">${m.say('desk.no-address')}</p>`
  const id = WRITE_MESSAGE_ID
  const errorId = `${id}-error`
  const error =
    state.error === undefined ? null : html`<p class="field-error-message" id="${errorId}">${m.tell(state.error)}</p>`
  const described = state.error === undefined ? html`` : html` aria-describedby="${errorId}" aria-invalid="true"`
  const hidden = hiddenInputs({ [CSRF_FIELD]: csrf, [SUBMISSION_FIELD]: newSubmissionToken() })
  return html`<form class="desk-write" method="post" action="${deskRecordPath(desk, view.bucket, view.id)}/write">${hidden}
<div class="field${state.error === undefined ? '' : ' field-invalid'}"><label for="${id}">${m.say('desk.message')}</label>
<p class="field-help">${m.say('desk.write-help')}</p>
${error}<textarea id="${id}" name="${MESSAGE_FIELD}" rows="6" required${described}>
${state.kept ?? ''}</textarea></div>
<button type="submit" class="button">${m.say('desk.write-send')}</button></form>`
}
