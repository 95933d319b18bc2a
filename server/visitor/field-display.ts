// A record's field values as a person reads them: choice labels in their
// storyline, yes/no, another record's name, dates and phone numbers as
// everywhere (render/answer-text.ts). Empty answers are left out; an erased
// personal answer says it was erased (issue 29).
import { messagesFor } from '../messages/messages'
import type { Bucket, Field } from '../content/model'
import type { ShownField } from '../render/record-model'
import { textAt } from '../content/storyline'
import { isErased, type RecordView } from '../records/types'
import type { PageContext } from './context'
import { referencedRecord } from './record-names'
import { fileLabel, readStoredFile } from '../files/stored-file'
import { attachmentPath } from '../content/paths'
import { answerDayText, phoneText } from '../render/answer-text'
import { isErasedValue } from '../records/personal'
import { deskLabelOf } from '../render/desk/state-label'

/**
 * Whose words label a record: a visitor's, or staff's (`desk_label:`) in a list only bucket readers see (`view:
 * desk`), where "Your e-mail" is not the reader's.
 */
export type LabelWords = 'visitor' | 'staff'

const labelOf = (labelled: Pick<Field, 'name' | 'label' | 'deskLabel'>, story: number, words: LabelWords) =>
  words === 'staff' ? deskLabelOf(labelled, story) : textAt(labelled.label, story)

function shownValue(
  ctx: PageContext,
  field: Field,
  value: string,
  view: RecordView,
): Omit<ShownField, 'name' | 'label'> | null {
  if (isErased(value)) return { value: messagesFor(ctx.site, ctx.story).say('privacy.erased') }
  switch (field.type) {
    case 'choice': {
      const option = field.options?.find((o) => o.value === value)
      return { value: option ? textAt(option.label, ctx.story) || value : value }
    }
    case 'checkbox':
      return { value: messagesFor(ctx.site, ctx.story).say(value === 'yes' ? 'form.yes' : 'form.no') }
    case 'file': {
      // The object key is not for showing: attachments are served through their record.
      const file = readStoredFile(value)
      if (file === null) return null
      const href = attachmentPath(view.bucket, view.id, field.name)
      const preview = file.preview ? attachmentPath(view.bucket, view.id, field.name, true) : undefined
      return { value: fileLabel(file), href, ...(preview === undefined ? {} : { preview }) }
    }
    case 'record': {
      const other = field.of === undefined ? null : referencedRecord(ctx, field.of, value)
      return other === null ? null : { value: other.label, href: other.href }
    }
    case 'location':
      return {
        value: value
          .split(',')
          .map((part) => part.trim())
          .join(', '),
      }
    case 'textarea':
      return { value, multiline: true }
    case 'date':
      return { value: answerDayText(value, messagesFor(ctx.site, ctx.story)) }
    case 'phone':
      return { value: phoneText(value, messagesFor(ctx.site, ctx.story)) }
    default:
      return { value }
  }
}

export function displayFields(
  ctx: PageContext,
  fields: readonly Field[],
  view: RecordView,
  skip?: string,
  words: LabelWords = 'visitor',
): ShownField[] {
  return fields.flatMap((field) => {
    const label = labelOf(field, ctx.story, words)
    if (isErasedValue(field, view) && field.name !== skip)
      return [{ name: field.name, label, value: messagesFor(ctx.site, ctx.story).say('privacy.erased') }]
    const value = view.fields[field.name]?.trim()
    if (!value || field.name === skip) return []
    const shown = shownValue(ctx, field, value, view)
    return shown === null ? [] : [{ name: field.name, label, ...shown }]
  })
}

export function stateLabel(ctx: PageContext, bucket: Bucket, state: string, words: LabelWords = 'visitor'): string {
  const found = bucket.states.find((s) => s.name === state)
  return found ? labelOf(found, ctx.story, words) || found.name : state
}
