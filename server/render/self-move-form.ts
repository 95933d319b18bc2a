// A self move is a real form with one button, so it works without script.
import { newSubmissionToken } from '../forms/submission-token'
import { CSRF_FIELD } from './form'
import { html, type SafeHtml } from './html'
import type { RecordSummary, SelfMoveForm } from './record-model'
import { EDGE_FIELD, PAGE_FIELD, SEQ_FIELD, SUBMISSION_FIELD } from './service-fields'

export function renderSelfMoves(record: RecordSummary, form: SelfMoveForm): SafeHtml | null {
  if (record.selfMoves.length === 0 || form.csrf === undefined) return null
  const action = `/self/${encodeURIComponent(record.bucket)}/${encodeURIComponent(record.id)}`
  const buttons = record.selfMoves.map(
    (move) =>
      html`<form method="post" action="${action}" class="self-move"><input type="hidden" name="${CSRF_FIELD}" value="${form.csrf}"><input type="hidden" name="${EDGE_FIELD}" value="${move.edge}"><input type="hidden" name="${SEQ_FIELD}" value="${record.seq}"><input type="hidden" name="${PAGE_FIELD}" value="${form.pagePath}"><input type="hidden" name="${SUBMISSION_FIELD}" value="${newSubmissionToken()}"><button type="submit" class="button button-secondary">${move.label}</button></form>`,
  )
  return html`<div class="self-moves">${buttons}</div>`
}
