// A page someone may only open once signed in, or not at all.
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

const ERROR_403 = html`<p class="error-code">Error 403</p>`
const HOME_LINK = html`<p><a href="/">Go to the home page</a></p>`
const GROUPS_ONLY = 'This page is open to members of some groups only.'
const SIGNED_IN_ONLY = 'This page is open to signed-in members of some groups only.'

const signInLink = (href: string) => html`<p><a class="button" href="${href}">Sign in</a></p>`

export function renderPageRefused(options: SignInNeededOptions): string {
  const href = options.signInHref === null ? undefined : safeUrl(options.signInHref)
  const body =
    href === undefined
      ? html`<h1>Not open to you</h1><p>${GROUPS_ONLY}</p>${ERROR_403}${HOME_LINK}`
      : html`<h1>Sign in needed</h1><p>${SIGNED_IN_ONLY}</p>${signInLink(href)}${ERROR_403}`
  const title = href === undefined ? 'Not open to you' : 'Sign in needed'
  return renderLayout({ site: options.site, story: options.story, title, body, assets: options.assets })
}
