// GET /suggest?page=…: a responsible person's suggestion form. Each of the
// page's texts, a text told differently per storyline as one box per
// storyline side by side; a refused suggestion is shown again with the
// person's words kept, the lint's words beside the fields, and, when the page
// changed meanwhile, the text it has now beside each box.
import type { Page, SiteModel } from '../../content/model'
import type { TextField } from '../../suggestions/suggestion-form'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { SUBMISSION_FIELD } from '../../forms/service-fields'
import { textAt } from '../../content/storyline'

export interface SuggestPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly viewer: Viewer
  readonly assets: Assets
  readonly page: Page
  readonly fields: readonly TextField[]
  readonly revision: string
  readonly csrf: string
  readonly token: string
  /** What the person typed, by field name; the page's texts when absent. */
  readonly typed?: Readonly<Record<string, string>>
  /** By field name; `form` for the form as a whole. */
  readonly errors?: Readonly<Record<string, string>>
  /** The page changed while they wrote: show what it says now. */
  readonly changed?: boolean
  readonly sent?: boolean
}

export const suggestHref = (page: Page): string => `/suggest?page=${encodeURIComponent(page.path)}`

const fieldId = (name: string) => `s-${name.replace(/[^a-z0-9-]/g, '-')}`

export function renderSuggestPage(options: SuggestPageOptions): string {
  const { site, story, viewer, assets, page, fields, errors = {} } = options
  const pageTitle = textAt(page.title, story)
  const title = `Suggest a change to ${pageTitle}`
  const groups = [...new Set(fields.map((field) => field.text))].map((text) =>
    renderText(
      text.label,
      fields.filter((field) => field.text === text),
      options,
    ),
  )
  const problems = Object.entries(errors).map(([name, message]) =>
    name === 'form'
      ? html`<li>${message}</li>`
      : html`<li><a href="#${fieldId(name)}">${labelOf(fields, name)}: ${message}</a></li>`,
  )
  const status = options.sent
    ? html`Your suggestion was sent. The people who look after the site will read it; your
<a href="/my">account page</a> shows where it stands.`
    : undefined
  const body = html`<h1>${title}</h1>${
    options.changed
      ? html`<div class="error-summary" role="alert"><h2>The page changed while you wrote</h2>
<p>Its texts now read as shown beside each box. Your words are kept in the boxes: look them over and send again.</p>
</div>`
      : null
  }${
    problems.length > 0
      ? html`<div class="error-summary" role="alert" tabindex="-1"><h2>There is a problem</h2><ul>${problems}</ul></div>`
      : null
  }<p>You are named as responsible for <a href="${page.path.includes(':') ? '/' : page.path}">${pageTitle}</a>.
Change its texts below and send; the people who look after the site decide whether it goes in. Texts are Markdown.</p>
<form class="suggest-form" method="post" action="${suggestHref(page)}">${hiddenInputs({
    [CSRF_FIELD]: options.csrf,
    [SUBMISSION_FIELD]: options.token,
    revision: options.revision,
  })}${groups}<button type="submit" class="button">Send the suggestion</button></form>`
  return renderLayout({ site, story, title, body, assets, viewer, status })
}

function labelOf(fields: readonly TextField[], name: string): string {
  const field = fields.find((f) => f.name === name)
  if (field === undefined) return name
  return field.storyline === null ? field.text.label : `${field.text.label} (${field.storyline})`
}

function renderText(label: string, fields: readonly TextField[], options: SuggestPageOptions): SafeHtml {
  const boxes = fields.map((field) => renderBox(field, options))
  return html`<fieldset class="suggest-text"><legend>${label}</legend><div class="suggest-side">${boxes}</div></fieldset>`
}

function renderBox(field: TextField, options: SuggestPageOptions): SafeHtml {
  const id = fieldId(field.name)
  const error = options.errors?.[field.name]
  const value = options.typed?.[field.name] ?? field.current
  const label = field.storyline === null ? 'Every storyline' : `Storyline ${field.storyline}`
  const rows = Math.min(30, Math.max(field.text.key === 'title' ? 2 : 6, value.split('\n').length + 1))
  return html`<div class="field field-textarea${error ? ' field-invalid' : ''}"><label for="${id}">${label}</label>${
    error
      ? html`<p class="field-error-message" id="${id}-error"><span class="visually-hidden">Error: </span>${error}</p>`
      : null
  }${
    options.changed && value !== field.current
      ? html`<div class="suggest-now"><p>Now on the page:</p><pre>${field.current}</pre></div>`
      : null
  }<textarea id="${id}" name="${field.name}" rows="${rows}"${error ? html` aria-invalid="true" aria-describedby="${id}-error"` : null}>
${value}</textarea></div>`
}
