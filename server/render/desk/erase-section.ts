// The desk record page's "Personal data" part (issue 29): when the case's
// personal data was erased, or the way to erase it for a desk that may.
import { deskRecordPath } from '../../content/paths'
import type { Messages } from '../../messages/messages'
import type { RecordView } from '../../records/types'
import { html, type SafeHtml } from '../html'
import { renderTime } from './time'

/** Null when there is nothing to say: not erased, and this person may not erase it here. */
export function renderEraseSection(desk: string, view: RecordView, erasable: boolean, m: Messages): SafeHtml | null {
  if (view.erasedAt !== undefined)
    return html`<p class="desk-erased">${m.sayHtml('desk.erase.erased-on', { time: renderTime(view.erasedAt, m) })}</p>`
  if (!erasable) return null
  const path = deskRecordPath(desk, view.bucket, view.id)
  // A person's request by mail to see their data is answered from here too.
  return html`<p><a class="button" href="${path}/export" download>${m.say('desk.export.action')}</a>
<a class="button button-closing" href="${path}/erase">${m.say('desk.erase.action')}</a></p>`
}
