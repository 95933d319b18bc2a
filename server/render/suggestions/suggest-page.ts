// GET /suggest?page=…: a responsible person's suggestion form. Each of the
// page's texts, a text told differently per storyline as one box per
// storyline side by side; a refused suggestion is shown again with the
// person's words kept, the lint's words beside the fields, and, when the page
// changed meanwhile, the text it has now beside each box.
import type { Page, SiteModel } from '../../content/model'
import { messagesFor, type Messages } from '../../messages/messages'
import type { Said } from '../../messages/said'
import type { TextField } from '../../suggestions/suggestion-form'
import type { Viewer } from '../account'
import type { Assets } from '../document'
import { CSRF_FIELD } from '../../forms/service-fields'
import { hiddenInputs } from '../form'
import { html, type SafeHtml } from '../html'
import { renderLayout } from '../layout'
import { SUBMISSION_FIELD } from '../../forms/service-fields'
import { textAt } from '../../content/storyline'
import { renderMarkdown } from '../markdown'

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
  readonly errors?: Readonly<Record<string, Said>>
  /** The page changed while they wrote: show what it says now. */
  readonly changed?: boolean
  readonly sent?: boolean
}

export const suggestHref = (page: Page): string => `/suggest?page=${encodeURIComponent(page.path)}`

const fieldId = (name: string) => `s-${name.replace(/[^a-z0-9-]/g, '-')}`

export function renderSuggestPage(options: SuggestPageOptions): string {
  const { site, story, viewer, assets, page, fields, errors = {} } = options
  const m = messagesFor(site, story)
  const pageTitle = textAt(page.title, story)
  const title = m.say('suggest.title', { page: pageTitle })
  const groups = [...new Set(fields.map((field) => field.text))].map((text) =>
    renderText(
      m.tell(text.label),
      fields.filter((field) => field.text === text),
      options,
      m,
    ),
  )
  const problems = Object.entries(errors).map(([name, message]) =>
    name === 'form'
      ? html`<li>${m.tell(message)}</li>`
      : html`<li><a href="#${fieldId(name)}">${labelOf(fields, name, m)}: ${m.tell(message)}</a></li>`,
  )
  const status = options.sent
    ? m.sayHtml('suggest.sent', { account: html`<a href="/my">${m.say('suggest.account-page')}</a>` })
    : undefined
  const pageLink = html`<a href="${page.path.includes(':') ? '/' : page.path}">${pageTitle}</a>`
  const body = html`<h1>${title}</h1>${options.changed ? renderChanged(m) : null}${
    problems.length > 0
      ? html`<div class="error-summary" role="alert" tabindex="-1"><h2>${m.say('form.problem')}</h2><ul>${problems}</ul></div>`
      : null
  }<p>${m.sayHtml('suggest.intro', { page: pageLink })}</p>
<form class="suggest-form" method="post" action="${suggestHref(page)}">${hiddenInputs({
    [CSRF_FIELD]: options.csrf,
    [SUBMISSION_FIELD]: options.token,
    revision: options.revision,
  })}${groups}<button type="submit" class="button">${m.say('suggest.send')}</button></form>`
  return renderLayout({ site, story, title, body, assets, viewer, status })
}

const renderChanged = (m: Messages) =>
  html`<div class="error-summary" role="alert"><h2>${m.say('suggest.changed.title')}</h2>
<p>${m.say('suggest.changed.message')}</p></div>`

function labelOf(fields: readonly TextField[], name: string, m: Messages): string {
  const field = fields.find((f) => f.name === name)
  if (field === undefined) return name
  return boxLabel(field, m)
}

function renderText(label: string, fields: readonly TextField[], options: SuggestPageOptions, m: Messages): SafeHtml {
  const boxes = fields.map((field) => renderBox(field, options, m))
  return html`<fieldset class="suggest-text"><legend>${label}</legend><div class="suggest-side">${boxes}</div></fieldset>`
}

function renderBox(field: TextField, options: SuggestPageOptions, m: Messages): SafeHtml {
  const id = fieldId(field.name)
  const error = options.errors?.[field.name]
  const value = options.typed?.[field.name] ?? field.current
  const label = boxLabel(field, m)
  const prefix = html`<span class="visually-hidden">${m.say('form.error-prefix')}</span>`
  const described = error ? html` aria-invalid="true" aria-describedby="${id}-error"` : null
  const oneLine = field.text.key === 'title' && !value.includes('\n')
  const box = oneLine
    ? html`<input type="text" id="${id}" name="${field.name}" value="${value}"${described}>`
    : html`<textarea id="${id}" name="${field.name}" rows="${rowsFor(value)}"${described}>
${value}</textarea>`
  const preview =
    field.text.key === 'title'
      ? null
      : html`<div class="suggest-preview"><p class="suggestion-side-label">${m.say('suggest.preview')}</p>${renderMarkdown(
          value,
        )}</div>`
  return html`<div class="field field-textarea${error ? ' field-invalid' : ''}"><label for="${id}">${label}</label>${
    error ? html`<p class="field-error-message" id="${id}-error">${prefix}${m.tell(error)}</p>` : null
  }${
    options.changed && value !== field.current
      ? html`<div class="suggest-now"><p>${m.say('suggest.now')}</p><pre>${field.current}</pre></div>`
      : null
  }<div class="suggest-box">${box}${preview}</div></div>`
}

/** What the box is on the page: which text, in which storyline. */
function boxLabel(field: TextField, m: Messages): string {
  const text = m.tell(field.text.label)
  return field.storyline === null
    ? m.say('suggest.box.every-storyline', { text })
    : m.say('suggest.box.storyline', { text, storyline: field.storyline })
}

/** As many rows as the text takes at about 60 characters a line, and one to write on. */
function rowsFor(value: string): number {
  const lines = value.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 60)), 0)
  return Math.min(30, Math.max(3, lines + 1))
}
