// What every field control needs to know, and the attributes they share, so
// required/invalid/described-by are spelled the same way for every type.
import type { Messages } from '../messages/messages'
import type { Said } from '../messages/said'
import type { Field } from '../content/model'
import { html, type SafeHtml } from './html'

export interface RecordOption {
  readonly id: string
  readonly label: string
}

export interface FieldIds {
  readonly control: string
  readonly help: string
  readonly note: string
  readonly error: string
  readonly kept: string
}

export interface FieldContext {
  readonly field: Field
  readonly story: number
  readonly m: Messages
  readonly ids: FieldIds
  readonly values: Readonly<Record<string, string>>
  readonly error?: Said
  readonly help?: string
  readonly note?: string
  readonly filesEnabled: boolean
  /** The name of the file kept for this field from a refused post. */
  readonly keptFile?: string
  readonly recordOptions: readonly RecordOption[]
  readonly mapPicker?: { readonly attribution: string }
}

// Ids carry the bucket so two forms on one page never share an id.
export function fieldIds(bucket: string, name: string): FieldIds {
  const control = `f-${bucket}-${name}`
  return {
    control,
    help: `${control}-help`,
    note: `${control}-note`,
    error: `${control}-error`,
    kept: `${control}-kept`,
  }
}

function describedBy(ctx: FieldContext): string {
  const ids = [
    ctx.help ? ctx.ids.help : undefined,
    ctx.note ? ctx.ids.note : undefined,
    ctx.error ? ctx.ids.error : undefined,
    ctx.keptFile === undefined ? undefined : ctx.ids.kept,
  ]
  return ids.filter((id) => id !== undefined).join(' ')
}

/** aria-invalid and aria-describedby, for the control or its group. */
export function describedAttrs(ctx: FieldContext): SafeHtml {
  const ids = describedBy(ctx)
  return html`${ctx.error ? html` aria-invalid="true"` : null}${ids ? html` aria-describedby="${ids}"` : null}`
}

/** id, name and the shared state attributes of a single control. */
export function controlAttrs(ctx: FieldContext, name = ctx.field.name, id = ctx.ids.control): SafeHtml {
  // A file field with a file kept from a refused post is answered without choosing again.
  const required = ctx.field.required && ctx.keptFile === undefined ? html` required aria-required="true"` : null
  return html` id="${id}" name="${name}"${required}${describedAttrs(ctx)}`
}
