// One field of a record as a desk shows it: every field, in the reader's
// storyline, with a file as its name (and a preview of a picture) and a record as its name.
import type { Bucket, Field } from '../../content/model'
import { attachmentPath } from '../../files/attachment-path'
import { fileLabel, readStoredFile } from '../../files/stored-file'
import type { LinkedRecord } from '../../desk/linked-records'
import type { RecordView } from '../../records/types'
import { html, type SafeHtml } from '../html'
import { textAt } from '../storyline'

export interface FieldValueContext {
  readonly bucket: Bucket
  readonly view: RecordView
  readonly story: number
  readonly links: ReadonlyMap<string, LinkedRecord>
}

const notGiven = html`<span class="desk-empty-value">Not given</span>`

export function renderFieldValue(field: Field, ctx: FieldValueContext): SafeHtml {
  const value = ctx.view.fields[field.name] ?? ''
  switch (field.type) {
    case 'checkbox':
      return html`${value === 'yes' ? 'Yes' : 'No'}`
    case 'file': {
      const file = readStoredFile(value)
      if (file === null) return html`<span class="desk-empty-value">no file</span>`
      const href = attachmentPath(ctx.bucket.name, ctx.view.id, field.name)
      const preview = file.preview
        ? html`<a class="desk-preview" href="${href}"><img src="${attachmentPath(ctx.bucket.name, ctx.view.id, field.name, true)}" alt="${`Preview of ${file.name}`}" loading="lazy"></a>`
        : null
      return html`${preview}<a href="${href}">${fileLabel(file)}</a>`
    }
    default:
      return value === '' ? notGiven : renderGiven(field, value, ctx)
  }
}

function renderGiven(field: Field, value: string, ctx: FieldValueContext): SafeHtml {
  switch (field.type) {
    case 'choice':
      return html`${textAt(field.options?.find((option) => option.value === value)?.label, ctx.story) || value}`
    case 'record': {
      const linked = ctx.links.get(field.name)
      if (linked === undefined) return html`<span class="desk-empty-value">A record that is not available</span>`
      return linked.href === undefined ? html`${linked.name}` : html`<a href="${linked.href}">${linked.name}</a>`
    }
    case 'location':
      return html`${value
        .split(',')
        .map((part) => part.trim())
        .join(', ')}`
    case 'email':
      return html`<a href="${`mailto:${value}`}">${value}</a>`
    case 'phone':
      return html`<a href="${`tel:${value}`}">${value}</a>`
    case 'textarea':
      return html`<span class="desk-multiline">${value}</span>`
    default:
      return html`${value}`
  }
}
