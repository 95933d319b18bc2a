// A page someone may only open once signed in, or not at all.
import { messagesFor } from '../messages/messages'
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html, safeUrl } from './html'
import { renderLayout } from './layout'

export interface SignInNeededOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  /** Where to sign in; null when sign-in is off or the visitor is signed in already. */
  readonly signInHref: string | null
}

export function renderPageRefused(options: SignInNeededOptions): string {
  const m = messagesFor(options.site, options.story)
  const href = options.signInHref === null ? undefined : safeUrl(options.signInHref)
  const error403 = html`<p class="error-code">${m.say('layout.error-code', { status: 403 })}</p>`
  const home = html`<p><a href="/">${m.say('layout.home-link')}</a></p>`
  const title = href === undefined ? m.say('error.403') : m.say('refused.sign-in-needed')
  const body =
    href === undefined
      ? html`<h1>${title}</h1><p>${m.say('refused.groups-only')}</p>${error403}${home}`
      : html`<h1>${title}</h1><p>${m.say('refused.signed-in-only')}</p><p><a class="button" href="${href}">${m.say(
          'account.sign-in',
        )}</a></p>${error403}`
  return renderLayout({ site: options.site, story: options.story, title, body, assets: options.assets })
}
