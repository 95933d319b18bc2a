// The storyline a record was told in, as a tag beside it on desks: staff
// read every record in their own storyline, and this says which words the
// submitter was shown (and which their mail is in).
import type { Messages } from '../../messages/messages'
import { html, type SafeHtml } from '../html'

export function renderToldIn(storyline: string, m: Messages): SafeHtml {
  return html`<span class="told-in">${m.say('desk.told-in', { storyline })}</span>`
}
