// Controls that pick one of several values: radios, or a select when there
// are too many options to scan as radios.
import { controlAttrs, type FieldContext } from './field-context'
import { html, type SafeHtml } from './html'
import { textAt } from '../content/storyline'

interface Choice {
  readonly value: string
  readonly label: string
}

/** Up to this many options show as radios; more become a select. */
export const MAX_RADIOS = 5

export function choicesOf(ctx: FieldContext): readonly Choice[] {
  if (ctx.field.type === 'record') {
    return ctx.recordOptions.map((option) => ({ value: option.id, label: option.label }))
  }
  return (ctx.field.options ?? []).map((option) => ({ value: option.value, label: textAt(option.label, ctx.story) }))
}

// The first radio takes the field's own id so labels and error links reach it.
// aria-required belongs on the radiogroup, so the radios carry only `required`.
export function renderRadios(ctx: FieldContext, choices: readonly Choice[]): SafeHtml {
  const current = ctx.values[ctx.field.name]
  const radios = choices.map((choice, index) => {
    const id = index === 0 ? ctx.ids.control : `${ctx.ids.control}-${index}`
    return html`<div class="choice"><input type="radio" id="${id}" name="${ctx.field.name}" value="${choice.value}"${
      ctx.field.required ? html` required` : null
    }${choice.value === current ? html` checked` : null}><label for="${id}">${choice.label}</label></div>`
  })
  return html`<div class="choices">${radios}</div>`
}

export function renderSelect(ctx: FieldContext, choices: readonly Choice[]): SafeHtml {
  const current = ctx.values[ctx.field.name]
  const options = choices.map((choice) => {
    const selected = choice.value === current ? html` selected` : null
    return html`<option value="${choice.value}"${selected}>${choice.label}</option>`
  })
  return html`<select${controlAttrs(ctx)}><option value="">${ctx.m.say('form.choose')}</option>${options}</select>`
}
