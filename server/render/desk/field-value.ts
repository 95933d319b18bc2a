// One field of a record as a desk shows it: every field, in the reader's
// storyline, with a file as its name (and a preview of a picture) and a record as its name.
import type { Messages } from '../../messages/messages'
import type { Bucket, Field } from '../../content/model'
import { fileLabel, readStoredFile } from '../../files/stored-file'
import type { LinkedRecord } from '../../desk/linked-records'
import type { RecordView } from '../../records/types'
import { html, type SafeHtml } from '../html'
import { textAt } from '../../content/storyline'
import { attachmentPath } from '../../content/paths'
import { answerDayText, phoneText } from '../answer-text'
import { isErasedValue } from '../../content/personal-data'

export interface FieldValueContext {
  readonly bucket: Bucket
  readonly view: RecordView
  readonly story: number
  readonly m: Messages
  readonly links: ReadonlyMap<string, LinkedRecord>
}

export function renderFieldValue(field: Field, ctx: FieldValueContext): SafeHtml {
  const value = ctx.view.fields[field.name] ?? ''
  if (isErasedValue(field, ctx.view)) return html`<span class="desk-empty-value">${ctx.m.say('record.erased')}</span>`
  switch (field.type) {
    case 'checkbox':
      return html`${ctx.m.say(value === 'yes' ? 'form.yes' : 'form.no')}`
    case 'file': {
      const file = readStoredFile(value)
      if (file === null) return html`<span class="desk-empty-value">${ctx.m.say('desk.no-file')}</span>`
      const href = attachmentPath(ctx.bucket.name, ctx.view.id, field.name)
      const [bucket, id] = [ctx.bucket.name, ctx.view.id]
      const alt = ctx.m.say('desk.preview-of', { name: file.name })
      const preview = file.preview
        ? html`<a class="desk-preview" href="${href}">${previewImage(attachmentPath(bucket, id, field.name, true), alt)}</a>`
        : null
      return html`${preview}<a href="${href}">${fileLabel(file)}</a>`
    }
    default:
      return value === ''
        ? html`<span class="desk-empty-value">${ctx.m.say('desk.not-given')}</span>`
        : renderGiven(field, value, ctx)
  }
}

function renderGiven(field: Field, value: string, ctx: FieldValueContext): SafeHtml {
  switch (field.type) {
    case 'choice':
      return html`${textAt(field.options?.find((option) => option.value === value)?.label, ctx.story) || value}`
    case 'record': {
      const linked = ctx.links.get(field.name)
      if (linked === undefined)
        return html`<span class="desk-empty-value">${ctx.m.say('desk.record-unavailable')}</span>`
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
      return html`<a href="${`tel:${value}`}">${phoneText(value, ctx.m)}</a>`
    case 'date':
      return html`<time datetime="${value}">${answerDayText(value, ctx.m)}</time>`
    case 'textarea':
      return html`<span class="desk-multiline">${value}</span>`
    default:
      return html`${value}`
  }
}

function previewImage(src: string, alt: string): SafeHtml {
  return html`<img src="${src}" alt="${alt}" loading="lazy">`
}
