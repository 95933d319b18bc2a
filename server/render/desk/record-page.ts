// GET /desk/{desk}/{bucket}/{id}: a record with every field, the moves the
// person may make from its state, and its whole history.
import type { Bucket, Desk, Move, SiteModel } from '../../content/model'
import type { LinkedRecord } from '../../desk/linked-records'
import { deskPath } from '../../desk/names'
import { recordName } from '../../content/record-name'
import type { HistoryEntry, RecordView } from '../../records/types'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { textAt } from '../storyline'
import { renderFieldValue } from './field-value'
import { renderHistory } from './history'
import { renderMoveButtons } from './move-buttons'
import { stateLabel } from './state-label'
import { renderTime } from './time'

export interface RecordPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly desk: Desk
  readonly bucket: Bucket
  readonly view: RecordView
  readonly history: readonly HistoryEntry[]
  readonly moves: readonly Move[]
  readonly links: ReadonlyMap<string, LinkedRecord>
  readonly csrf: string
  /** Said at the top after a move, e.g. "Moved to Accepted". */
  readonly status?: string
}

function renderDetails({ bucket, view, story, links }: RecordPageOptions): SafeHtml {
  const fields = bucket.fields.map(
    (field) =>
      html`<div class="desk-field"><dt>${textAt(field.label, story) || field.name}</dt><dd>${renderFieldValue(field, { bucket, view, story, links })}</dd></div>`,
  )
  return html`<dl class="desk-fields"><div class="desk-field"><dt>Filed</dt><dd>${renderTime(view.filedAt)}</dd></div><div class="desk-field"><dt>Storyline</dt><dd>${view.storyline}</dd></div>${fields}</dl>`
}

export function renderRecordPage(options: RecordPageOptions): string {
  const { site, story, desk, bucket, view } = options
  const name = recordName(bucket, view)
  const deskTitle = textAt(desk.title, story) || desk.name
  const body = html`<p class="desk-back"><a href="${deskPath(desk.name)}">Back to ${deskTitle}</a></p><h1>${name}</h1><p class="desk-state">${textAt(bucket.title, story) || bucket.name}: <strong>${stateLabel(bucket, view.state, story)}</strong></p><section aria-labelledby="record-moves"><h2 id="record-moves">Move this case</h2>${renderMoveButtons(
    desk.name,
    view,
    options.moves,
    options.csrf,
    story,
  )}</section><section aria-labelledby="record-details"><h2 id="record-details">Details</h2>${renderDetails(options)}</section><section aria-labelledby="record-history"><h2 id="record-history">History</h2>${renderHistory(
    bucket,
    options.history,
    story,
  )}</section>`
  return renderLayout({
    site,
    story,
    title: name,
    body,
    assets: options.assets,
    viewer: options.viewer,
    status: options.status === undefined ? undefined : html`${options.status}`,
  })
}
