// What anyone but the submitter gets at /my/{bucket}/{id}, the same for a
// case that exists and one that does not: where such a page does open, and
// a way to sign in when that may be what is missing.
import { messagesFor, type Messages } from '../messages/messages'
import type { Viewer } from './account'
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html, safeUrl, type SafeHtml } from './html'
import { renderLayout } from './layout'

export function renderCaseNotHere(site: SiteModel, story: number, assets: Assets, viewer: Viewer): string {
  const m = messagesFor(site, story)
  const title = m.say('case-not-here.title')
  // Who is asking is said on the page itself, so a person signed in with another account sees why.
  const who = viewer.signedIn
    ? html`<p>${m.say('case-not-here.signed-in', { name: viewer.name })}</p>`
    : signInButton(viewer.signInHref, m)
  const code = html`<p class="error-code">${m.say('layout.error-code', { status: 404 })}</p>`
  const body = html`<h1>${title}</h1><p>${m.say('case-not-here.message')}</p>${who}${code}${homeLink(m)}`
  return renderLayout({ site, story, title, body, assets, viewer })
}

function signInButton(signInHref: string | null, m: Messages): SafeHtml | null {
  const href = signInHref === null ? undefined : safeUrl(signInHref)
  return href === undefined ? null : html`<p><a class="button" href="${href}">${m.say('account.sign-in')}</a></p>`
}

const homeLink = (m: Messages): SafeHtml => html`<p><a href="/">${m.say('layout.home-link')}</a></p>`
