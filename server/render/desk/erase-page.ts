// GET /desk/{desk}/{bucket}/{id}/erase: the confirmation an erasure on
// request asks for. It says what goes and what stays, and asks for the
// reason (kept on the event); a refused reason comes back beside its field
// with the words kept. A plain form: the erasure is made only by its POST.
import { recordName } from '../../content/record-name'
import { deskRecordPath } from '../../content/paths'
import { personalFields } from '../../content/personal-data'
import { REASON_FIELD } from '../../desk/erase-form'
import { CSRF_FIELD, SUBMISSION_FIELD } from '../../forms/service-fields'
import { newSubmissionToken } from '../../forms/submission-token'
import { messagesFor } from '../../messages/messages'
import type { Said } from '../../messages/said'
import { hiddenInputs } from '../form'
import { html } from '../html'
import { renderLayout } from '../layout'
import { renderDeskErrorSummary } from './desk-error-summary'
import type { DeskRecordBase } from './record-page'
import { deskLabelOf } from './state-label'

export interface ErasePageOptions extends DeskRecordBase {
  readonly csrf: string
  readonly reason?: { readonly kept: string; readonly error: Said }
}

const REASON_ID = 'erase-reason'

export function renderErasePage(options: ErasePageOptions): string {
  const { site, story, bucket, view } = options
  const m = messagesFor(site, story)
  const here = deskRecordPath(options.desk.name, bucket.name, view.id)
  const name = recordName(bucket, view)
  const title = m.say('desk.erase.title', { name })
  const error = options.reason === undefined ? undefined : m.tell(options.reason.error)
  const summary = error === undefined ? null : renderDeskErrorSummary(error, REASON_ID, m)
  const [helpId, errorId] = [`${REASON_ID}-help`, `${REASON_ID}-error`]
  const message = error === undefined ? null : html`<p class="field-error-message" id="${errorId}">${error}</p>`
  const described =
    error === undefined
      ? html` aria-describedby="${helpId}"`
      : html` aria-describedby="${errorId} ${helpId}" aria-invalid="true"`
  const goes = [
    ...personalFields(bucket.fields).map((field) => deskLabelOf(field, story)),
    m.say('desk.erase.submitter'),
    m.say('desk.erase.replies'),
    m.say('desk.erase.messages'),
  ]
  const button = html`<button type="submit" class="button button-closing">${m.say('desk.erase.action')}</button>`
  const hidden = hiddenInputs({ [CSRF_FIELD]: options.csrf, [SUBMISSION_FIELD]: newSubmissionToken() })
  const body = html`${summary}<p class="desk-back"><a href="${here}">${m.say('desk.back-to', { desk: name })}</a></p>
<h1>${title}</h1>
<p>${m.say('desk.erase.what')}</p>
<ul class="desk-erase-list">${goes.map((item) => html`<li>${item}</li>`)}</ul>
<p>${m.say('desk.erase.kept')}</p>
<form class="desk-erase" method="post" action="${here}/erase">${hidden}
<div class="field${error === undefined ? '' : ' field-invalid'}"><label for="${REASON_ID}">${m.say('desk.erase.reason')}</label>
<p class="field-help" id="${helpId}">${m.say('desk.erase.reason-help')}</p>
${message}<textarea id="${REASON_ID}" name="${REASON_FIELD}" rows="3" required${described}>
${options.reason?.kept ?? ''}</textarea></div>
<div class="desk-move-actions">${button} <a href="${here}">${m.say('desk.move.cancel')}</a></div></form>`
  return renderLayout({ site, story, title, body, assets: options.assets, viewer: options.viewer })
}
