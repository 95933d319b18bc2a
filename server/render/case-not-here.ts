// What anyone but the submitter gets at /my/{bucket}/{id}, the same for a
// case that exists and one that does not: where such a page does open, and
// a way to sign in when that may be what is missing.
import { messagesFor } from '../messages/messages'
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html, safeUrl } from './html'
import { renderLayout } from './layout'

export function renderCaseNotHere(site: SiteModel, story: number, assets: Assets, signInHref?: string): string {
  const m = messagesFor(site, story)
  const href = signInHref === undefined ? undefined : safeUrl(signInHref)
  const title = m.say('case-not-here.title')
  const body = html`<h1>${title}</h1><p>${m.say('case-not-here.message')}</p>${
    href === undefined ? null : html`<p><a class="button" href="${href}">${m.say('account.sign-in')}</a></p>`
  }<p class="error-code">${m.say('layout.error-code', { status: 404 })}</p><p><a href="/">${m.say('layout.home-link')}</a></p>`
  return renderLayout({ site, story, title, body, assets })
}
