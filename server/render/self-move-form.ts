// A self move is a real form with one button, so it works without script.
import { newSubmissionToken } from '../forms/submission-token'
import { CSRF_FIELD } from '../forms/service-fields'
import { hiddenInputs } from './form'
import { html, type SafeHtml } from './html'
import type { RecordSummary, SelfMoveForm } from './record-model'
import { CASE_TOKEN_FIELD } from '../visitor/case-token'
import { EDGE_FIELD, PAGE_FIELD, SEQ_FIELD, SUBMISSION_FIELD } from '../forms/service-fields'

export function renderSelfMoves(record: RecordSummary, form: SelfMoveForm): SafeHtml | null {
  const csrf = form.csrf
  if (record.selfMoves.length === 0 || csrf === undefined) return null
  const action = `/self/${encodeURIComponent(record.bucket)}/${encodeURIComponent(record.id)}`
  const buttons = record.selfMoves.map((move) => {
    const hidden = hiddenInputs({
      [CSRF_FIELD]: csrf,
      [EDGE_FIELD]: move.edge,
      [SEQ_FIELD]: record.seq,
      [PAGE_FIELD]: form.pagePath,
      [SUBMISSION_FIELD]: newSubmissionToken(),
      ...(form.caseToken === undefined ? {} : { [CASE_TOKEN_FIELD]: form.caseToken }),
    })
    const button = html`<button type="submit" class="button button-secondary">${move.label}</button>`
    return html`<form method="post" action="${action}" class="self-move">${hidden}${button}</form>`
  })
  return html`<div class="self-moves">${buttons}</div>`
}
