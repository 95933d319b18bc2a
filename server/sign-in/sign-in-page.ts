// The pages a sign-in can end on besides the site itself: a refusal, a
// provider that is down, sign-in switched off, and the sign-out form.
import type { SiteModel } from '../content/model'
import type { Assets } from '../render/document'
import { CSRF_FIELD, hiddenInputs } from '../render/form'
import { html, type SafeHtml } from '../render/html'
import { renderLayout } from '../render/layout'

export interface SignInPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  readonly title: string
  readonly message: string
  /** Where the visitor can go next, e.g. to try again. */
  readonly link?: { readonly href: string; readonly label: string }
  /** A form in place of the link, e.g. the sign-out button. */
  readonly form?: SafeHtml
  /** In development mode, says the sign-in is the built-in one. */
  readonly development: boolean
}

const DEV_NOTE =
  'Development mode: sign-in uses the built-in development provider with demo people. Not for production.'

export function renderSignInPage(options: SignInPageOptions): string {
  const note = options.development ? html`<p role="note" class="dev-note">${DEV_NOTE}</p>` : null
  const link = options.link === undefined ? null : html`<p><a href="${options.link.href}">${options.link.label}</a></p>`
  const body = html`<h1>${options.title}</h1><p>${options.message}</p>${options.form ?? null}${link}${note}`
  return renderLayout({ site: options.site, story: options.story, title: options.title, body, assets: options.assets })
}

/** The sign-out button; a real form so it works without script. */
export function renderSignOutForm(csrf: string): SafeHtml {
  const button = html`<button type="submit" class="button">Sign out</button>`
  return html`<form method="post" action="/auth/sign-out">${hiddenInputs({ [CSRF_FIELD]: csrf })}${button}</form>`
}
