// The pages a sign-in can end on besides the site itself: a refusal, a
// provider that is down, sign-in switched off, and the sign-out form.
import type { SiteModel } from '../content/model'
import { messagesFor, type Messages } from '../messages/messages'
import type { Said } from '../messages/said'
import type { Assets } from '../render/document'
import { CSRF_FIELD } from '../forms/service-fields'
import { hiddenInputs } from '../render/form'
import { html, type SafeHtml } from '../render/html'
import { renderLayout } from '../render/layout'

export interface SignInPageOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  readonly title: Said
  readonly message: Said
  /** Where the visitor can go next, e.g. to try again. */
  readonly link?: { readonly href: string; readonly label: Said }
  /** A form in place of the link, e.g. the sign-out button. */
  readonly form?: SafeHtml
  /** In development mode, says the sign-in is the built-in one. */
  readonly development: boolean
}

export function renderSignInPage(options: SignInPageOptions): string {
  const m = messagesFor(options.site, options.story)
  const title = m.tell(options.title)
  const note = options.development ? html`<p role="note" class="dev-note">${m.say('sign-in.dev-note')}</p>` : null
  const link =
    options.link === undefined ? null : html`<p><a href="${options.link.href}">${m.tell(options.link.label)}</a></p>`
  const body = html`<h1>${title}</h1><p>${m.tell(options.message)}</p>${options.form ?? null}${link}${note}`
  return renderLayout({ site: options.site, story: options.story, title, body, assets: options.assets })
}

/** The sign-out button; a real form so it works without script. */
export function renderSignOutForm(csrf: string, m: Messages): SafeHtml {
  const button = html`<button type="submit" class="button">${m.say('account.sign-out')}</button>`
  return html`<form method="post" action="/auth/sign-out">${hiddenInputs({ [CSRF_FIELD]: csrf })}${button}</form>`
}
