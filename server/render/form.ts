// A bucket's filing form. It re-renders a refused submission with the input
// kept and each error beside its field.
import { englishMessages, type Messages } from '../messages/messages'
import type { Said } from '../messages/said'
import type { Bucket } from '../content/model'
import { newSubmissionToken } from '../forms/submission-token'
import { renderErrorSummary } from './error-summary'
import { renderField } from './field'
import { fieldIds, type RecordOption } from './field-context'
import { html, type SafeHtml } from './html'
import { CSRF_FIELD, KEPT_FIELD, SUBMISSION_FIELD } from '../forms/service-fields'

/** Hidden inputs, one per entry in order: service values a form sends along. */
export function hiddenInputs(fields: Readonly<Record<string, string | number>>): SafeHtml {
  const input = ([name, value]: [string, string | number]) =>
    html`<input type="hidden" name="${name}" value="${value}">`
  return html`${Object.entries(fields).map(input)}`
}

export interface FormOptions {
  /** Submitted values by field name; location parts as `<field>.lat` / `<field>.lng`. */
  readonly values?: Readonly<Record<string, string>>
  /** Messages by field name; other keys are shown in the summary only. */
  readonly errors?: Readonly<Record<string, Said>>
  readonly csrf?: string
  /** Shown above the fields, e.g. a sign-in prompt. */
  readonly notice?: SafeHtml
  /** Off unless the object store is configured: uploads fail closed. */
  readonly filesEnabled?: boolean
  /** Maps are on: location fields get a map picker. */
  readonly mapPicker?: { readonly attribution: string }
  /** Choices for `record` fields, by field name. */
  readonly recordOptions?: Readonly<Record<string, readonly RecordOption[]>>
  readonly submitLabel?: string
  /** The service's own words; English unless given. */
  readonly m?: Messages
  /** Service inputs sent along, e.g. the page the form is on (`svc_` names only). */
  readonly hidden?: Readonly<Record<string, string>>
  /** The one-time token to send; a fresh one unless the form is a post that may have been stored. */
  readonly submission?: string
  /** Names of files kept from a refused post of this form, by field name: sent again, it attaches them. */
  readonly kept?: Readonly<Record<string, string>>
}

export function renderForm(bucket: Bucket, story: number, options: FormOptions = {}): SafeHtml {
  const values = options.values ?? {}
  const errors = options.errors ?? {}
  const m = options.m ?? englishMessages
  const hasFile = bucket.fields.some((field) => field.type === 'file')
  const fields = bucket.fields.map((field) =>
    renderField(field, {
      story,
      m,
      ids: fieldIds(bucket.name, field.name),
      values,
      error: errors[field.name] || undefined,
      filesEnabled: options.filesEnabled ?? false,
      ...(options.kept?.[field.name] === undefined ? {} : { keptFile: options.kept[field.name] }),
      ...(options.mapPicker === undefined ? {} : { mapPicker: options.mapPicker }),
      recordOptions: options.recordOptions?.[field.name] ?? [],
    }),
  )
  return html`<form class="record-form" method="post" action="/file/${encodeURIComponent(bucket.name)}"${
    hasFile ? html` enctype="multipart/form-data"` : null
  }>${renderErrorSummary(bucket, story, errors, m)}${
    options.notice === undefined ? null : html`<div class="form-notice">${options.notice}</div>`
  }${
    options.csrf === undefined ? null : html`<input type="hidden" name="${CSRF_FIELD}" value="${options.csrf}">`
  }<input type="hidden" name="${SUBMISSION_FIELD}" value="${options.submission ?? newSubmissionToken()}">${hiddenInputs(
    {
      ...options.hidden,
      ...(Object.keys(options.kept ?? {}).length === 0 ? {} : { [KEPT_FIELD]: 'yes' }),
    },
  )}${fields}<button type="submit" class="button">${options.submitLabel || m.say('form.send')}</button></form>`
}
