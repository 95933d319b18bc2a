// A record's shown fields as a description list, and when it was filed.
import { html, safeUrl, type SafeHtml } from './html'
import type { RecordSummary, ShownField } from './record-model'

function renderValue(field: ShownField): SafeHtml {
  const href = field.href === undefined ? undefined : safeUrl(field.href)
  if (href !== undefined) return html`<a href="${href}">${field.value}</a>`
  return html`${field.value}`
}

export function renderRecordFields(fields: readonly ShownField[]): SafeHtml | null {
  if (fields.length === 0) return null
  const rows = fields.map(
    (field) =>
      html`<div><dt>${field.label}</dt><dd${field.multiline ? html` class="multiline"` : null}>${renderValue(field)}</dd></div>`,
  )
  return html`<dl class="record-fields">${rows}</dl>`
}

/** The state, and the day it was filed (ISO, so no locale guesses). */
export function renderRecordMeta(record: RecordSummary): SafeHtml {
  return html`<p class="record-meta"><span class="record-state">${record.stateLabel}</span> · <span>Filed <time datetime="${record.filedAt}">${record.filedAt.slice(0, 10)}</time></span></p>`
}
