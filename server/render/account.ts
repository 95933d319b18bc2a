// The header's account corner: who is signed in, their desks, and sign-out;
// or a sign-in link for a visitor.
import type { Messages } from '../messages/messages'
import { CSRF_FIELD } from '../forms/service-fields'
import { hiddenInputs } from './form'
import { html, type SafeHtml } from './html'

export type Viewer =
  | {
      readonly signedIn: true
      readonly name: string
      readonly csrf: string
      readonly desks: readonly { readonly href: string; readonly label: string }[]
      /** Group-only menu pages this person may open: their menu shows them. */
      readonly groupPages: readonly string[]
    }
  | { readonly signedIn: false; readonly signInHref: string | null }

export function renderAccount(viewer: Viewer | undefined, m: Messages): SafeHtml | null {
  if (viewer === undefined) return null
  if (!viewer.signedIn) {
    return viewer.signInHref === null
      ? null
      : html`<div class="account"><a href="${viewer.signInHref}">${m.say('account.sign-in')}</a></div>`
  }
  const desks = viewer.desks.map((d) => html`<li><a href="${d.href}">${d.label}</a></li>`)
  const who = html`<a href="/my"><strong>${viewer.name}</strong></a>`
  const name = html`<span class="account-name"><span class="account-prefix">${m.say('account.signed-in-as')} </span>${who}</span>`
  const desksLabel = m.say('account.your-desks')
  const deskList = desks.length > 0 ? html`<ul class="account-desks" aria-label="${desksLabel}">${desks}</ul>` : null
  const csrf = hiddenInputs({ [CSRF_FIELD]: viewer.csrf })
  const button = html`<button type="submit" class="button button-secondary">${m.say('account.sign-out')}</button>`
  const signOut = html`<form method="post" action="/auth/sign-out" class="sign-out">${csrf}${button}</form>`
  return html`<div class="account">${name}${deskList}${signOut}</div>`
}
