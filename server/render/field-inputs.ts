// Controls that are a single input or textarea.
import type { FieldType } from '../content/model'
import { controlAttrs, describedAttrs, type FieldContext } from './field-context'
import { html, type SafeHtml } from './html'

type TextLike = Extract<FieldType, 'text' | 'email' | 'phone' | 'number' | 'date'>

// GOV.UK-style: a text input with inputmode avoids type=number's silent
// rounding and scroll-wheel changes while still giving phones a number pad.
const TEXT_LIKE: Readonly<Record<TextLike, SafeHtml>> = {
  text: html`type="text"`,
  email: html`type="email" autocomplete="email" spellcheck="false"`,
  phone: html`type="tel" autocomplete="tel"`,
  number: html`type="text" inputmode="decimal"`,
  date: html`type="date"`,
}

function maxLength(ctx: FieldContext): SafeHtml | null {
  const max = ctx.field.maxLength
  return max === undefined ? null : html` maxlength="${max}"`
}

export function renderTextLike(ctx: FieldContext, type: TextLike): SafeHtml {
  const value = ctx.values[ctx.field.name] ?? ''
  return html`<input ${TEXT_LIKE[type]}${controlAttrs(ctx)}${maxLength(ctx)} value="${value}">`
}

export function renderTextarea(ctx: FieldContext): SafeHtml {
  const value = ctx.values[ctx.field.name] ?? ''
  // HTML drops one newline right after <textarea>; this one keeps a kept
  // answer's own leading newline.
  return html`<textarea rows="5"${controlAttrs(ctx)}${maxLength(ctx)}>
${value}</textarea>`
}

/** The value a checked checkbox posts. */
export const CHECKBOX_VALUE = 'yes'

export function renderCheckbox(ctx: FieldContext): SafeHtml {
  const checked = ctx.values[ctx.field.name] === CHECKBOX_VALUE
  return html`<input type="checkbox" value="${CHECKBOX_VALUE}"${controlAttrs(ctx)}${checked ? html` checked` : null}>`
}

// Uploads fail closed: without an object store the input is disabled (and so
// never required) rather than appearing to work while storing nowhere.
export function renderFile(ctx: FieldContext): SafeHtml {
  const accept = ctx.field.accept?.length ? html` accept="${ctx.field.accept.join(',')}"` : null
  if (!ctx.filesEnabled) {
    const described = describedAttrs(ctx)
    return html`<input type="file" id="${ctx.ids.control}" name="${ctx.field.name}" disabled${described}${accept}>`
  }
  const kept =
    ctx.keptFile === undefined
      ? null
      : html`<p class="field-kept" id="${ctx.ids.kept}">${ctx.m.say('form.file-kept', { name: ctx.keptFile })}</p>`
  return html`${kept}<input type="file"${controlAttrs(ctx)}${accept}>`
}
