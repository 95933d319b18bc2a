// A refused desk form (a move's note, a message to the submitter) opens on
// its problem, linking to the field, as the filing form does: on a long
// record page the field may be far below.
import type { Messages } from '../../messages/messages'
import { html, type SafeHtml } from '../html'

/** `error` as said to the person; `fieldId` the control it is about. */
export function renderDeskErrorSummary(error: string, fieldId: string, m: Messages): SafeHtml {
  return html`<div class="error-summary" role="alert" aria-labelledby="desk-errors" tabindex="-1" autofocus>
<h2 id="desk-errors">${m.say('form.problem')}</h2><ul><li><a href="#${fieldId}">${error}</a></li></ul></div>`
}
