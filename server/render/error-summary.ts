// A refused form lists its problems first, each linking to its field, so
// people who cannot see the page at a glance still find every error.
import type { Messages } from '../messages/messages'
import type { Said } from '../messages/said'
import type { Bucket } from '../content/model'
import { fieldIds } from './field-context'
import { html, type SafeHtml } from './html'
import { withColon } from './label-colon'
import { textAt } from '../content/storyline'

export function renderErrorSummary(
  bucket: Bucket,
  story: number,
  errors: Readonly<Record<string, Said>>,
  m: Messages,
): SafeHtml | null {
  const fieldNames = new Set(bucket.fields.map((field) => field.name))
  const fieldItems = bucket.fields.flatMap((field) => {
    const message = errors[field.name]
    if (!message) return []
    const label = textAt(field.label, story)
    return [
      html`<li><a href="#${fieldIds(bucket.name, field.name).control}">${withColon(label)} ${m.tell(message)}</a></li>`,
    ]
  })
  // Errors not about one field (an expired form, say) are listed without a link.
  const formItems = Object.entries(errors)
    .filter(([name, message]) => message && !fieldNames.has(name))
    .map(([, message]) => html`<li>${m.tell(message)}</li>`)
  if (fieldItems.length === 0 && formItems.length === 0) return null
  const titleId = `f-${bucket.name}-errors`
  const heading = html`<h2 id="${titleId}">${m.say('form.problem')}</h2>`
  // The page opens on its problems: focus goes there (without script) so the first thing read is what to fix.
  const attrs = html`role="alert" aria-labelledby="${titleId}" tabindex="-1" autofocus`
  return html`<div class="error-summary" ${attrs}>${heading}<ul>${formItems}${fieldItems}</ul></div>`
}
