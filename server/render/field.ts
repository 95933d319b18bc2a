// One form field: its label or legend, help, note and error beside the
// control, all tied to the control for assistive technology.
import type { Messages } from '../messages/messages'
import type { Said } from '../messages/said'
import type { Field } from '../content/model'
import { describedAttrs, type FieldContext, type FieldIds, type RecordOption } from './field-context'
import { choicesOf, MAX_RADIOS, renderRadios, renderSelect } from './field-choices'
import { renderCheckbox, renderFile, renderTextarea, renderTextLike } from './field-inputs'
import { renderLocation } from './field-location'
import { html, type SafeHtml } from './html'
import { textAt } from '../content/storyline'

export interface FieldInput {
  readonly story: number
  readonly m: Messages
  readonly ids: FieldIds
  readonly values: Readonly<Record<string, string>>
  readonly error?: Said
  readonly filesEnabled: boolean
  /** The name of the file kept for this field from a refused post. */
  readonly keptFile?: string
  readonly recordOptions: readonly RecordOption[]
  /** Maps are on: a location field gets a map to tap (map.js) above its two inputs. */
  readonly mapPicker?: { readonly attribution: string }
}

function noteFor(field: Field, input: FieldInput): string | undefined {
  const { m } = input
  switch (field.type) {
    case 'file':
      if (!input.filesEnabled) return m.say('form.uploads-off-note')
      return field.maxMb === undefined ? undefined : m.say('form.largest-file', { mb: field.maxMb })
    case 'record':
      return input.recordOptions.length === 0 ? m.say('form.nothing-to-choose') : undefined
    case 'location':
      // Without a map the note is said beside the typed coordinates (field-location.ts).
      return input.mapPicker === undefined ? undefined : m.say('form.location-map-note')
    default:
      return undefined
  }
}

function renderLabelText(ctx: FieldContext): SafeHtml {
  const mark = ctx.field.required ? html` <span class="field-required" aria-hidden="true">*</span>` : null
  return html`${textAt(ctx.field.label, ctx.story)}${mark}`
}

function renderDetails(ctx: FieldContext): SafeHtml {
  const error = html`<span class="visually-hidden">${ctx.m.say('form.error-prefix')}</span>${
    ctx.error === undefined ? null : ctx.m.tell(ctx.error)
  }`
  return html`${ctx.help ? html`<p class="field-help" id="${ctx.ids.help}">${ctx.help}</p>` : null}${
    ctx.note ? html`<p class="field-note" id="${ctx.ids.note}">${ctx.note}</p>` : null
  }${ctx.error ? html`<p class="field-error-message" id="${ctx.ids.error}">${error}</p>` : null}`
}

function fieldClass(ctx: FieldContext, kind: string): string {
  return `field field-${kind}${ctx.error ? ' field-invalid' : ''}`
}

function labelled(ctx: FieldContext, control: SafeHtml): SafeHtml {
  const label = html`<label for="${ctx.ids.control}">${renderLabelText(ctx)}</label>`
  return html`<div class="${fieldClass(ctx, ctx.field.type)}">${label}${renderDetails(ctx)}${control}</div>`
}

function grouped(ctx: FieldContext, controls: SafeHtml, groupAttrs: SafeHtml | null): SafeHtml {
  const legend = html`<legend>${renderLabelText(ctx)}</legend>`
  const className = fieldClass(ctx, ctx.field.type)
  return html`<fieldset class="${className}"${groupAttrs}>${legend}${renderDetails(ctx)}${controls}</fieldset>`
}

function renderCheckboxChoice(ctx: FieldContext): SafeHtml {
  const label = html`<label for="${ctx.ids.control}">${renderLabelText(ctx)}</label>`
  return html`<div class="choice">${renderCheckbox(ctx)}${label}</div>`
}

function renderControl(ctx: FieldContext): SafeHtml {
  const { field } = ctx
  switch (field.type) {
    case 'text':
    case 'email':
    case 'phone':
    case 'number':
    case 'date':
      return labelled(ctx, renderTextLike(ctx, field.type))
    case 'textarea':
      return labelled(ctx, renderTextarea(ctx))
    case 'file':
      return labelled(ctx, renderFile(ctx))
    case 'record':
      return labelled(ctx, renderSelect(ctx, choicesOf(ctx)))
    case 'choice': {
      const choices = choicesOf(ctx)
      if (choices.length > MAX_RADIOS) return labelled(ctx, renderSelect(ctx, choices))
      // `required` is not an attribute of fieldset; the radios carry it.
      const required = field.required ? html` aria-required="true"` : null
      const groupAttrs = html` role="radiogroup"${required}${describedAttrs(ctx)}`
      return grouped(ctx, renderRadios(ctx, choices), groupAttrs)
    }
    case 'location':
      return grouped(ctx, renderLocation(ctx), null)
    case 'checkbox':
      return html`<div class="${fieldClass(ctx, 'checkbox')}">${renderDetails(ctx)}${renderCheckboxChoice(ctx)}</div>`
  }
}

export function renderField(field: Field, input: FieldInput): SafeHtml {
  return renderControl({
    ...input,
    field,
    help: textAt(field.help, input.story) || undefined,
    note: noteFor(field, input),
  })
}
