// A record's shown fields as a description list, and when it was filed.
import { renderDay } from './desk/time'
import type { Messages } from '../messages/messages'
import { html, safeUrl, type SafeHtml } from './html'
import { withColon } from './label-colon'
import type { RecordSummary, ShownField } from './record-model'

function renderValue(field: ShownField, m: Messages): SafeHtml {
  const href = field.href === undefined ? undefined : safeUrl(field.href)
  const preview = field.preview === undefined ? undefined : safeUrl(field.preview)
  // One link holding the picture and the file's name, named for what it opens (a picture-only link has no name).
  if (href !== undefined && preview !== undefined) {
    const name = m.say('record.preview.name', { label: field.label, file: field.value })
    const picture = html`<img src="${preview}" alt="" loading="lazy">`
    return html`<a class="record-preview" href="${href}" aria-label="${name}">${picture}${field.value}</a>`
  }
  if (href !== undefined) return html`<a href="${href}">${field.value}</a>`
  return html`${field.value}`
}

export function renderRecordFields(fields: readonly ShownField[], m: Messages): SafeHtml | null {
  if (fields.length === 0) return null
  const rows = fields.map((field) => {
    const multiline = field.multiline ? html` class="multiline"` : null
    return html`<div><dt>${withColon(field.label)}</dt><dd${multiline}>${renderValue(field, m)}</dd></div>`
  })
  return html`<dl class="record-fields">${rows}</dl>`
}

/** The state, the day it was filed in the site's time zone and, on the submitter's own, its reference. */
export function renderRecordMeta(record: RecordSummary, m: Messages): SafeHtml {
  const filed = renderDay(record.filedAt, m)
  const state = html`<span class="record-state">${record.stateLabel}</span>`
  const reference =
    record.reference === undefined
      ? null
      : html` · <span class="record-reference">${m.say('case.reference')} <code>${record.reference}</code></span>`
  return html`<p class="record-meta">${state} · <span>${m.sayHtml('record.filed-on', { date: filed })}</span>${reference}</p>`
}
