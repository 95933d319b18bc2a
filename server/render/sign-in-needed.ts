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

export function renderPageRefused(options: SignInNeededOptions): string {
  const href = options.signInHref === null ? undefined : safeUrl(options.signInHref)
  const body =
    href === undefined
      ? html`<h1>Not open to you</h1><p>This page is open to members of some groups only.</p><p class="error-code">Error 403</p><p><a href="/">Go to the home page</a></p>`
      : html`<h1>Sign in needed</h1><p>This page is open to signed-in members of some groups only.</p><p><a class="button" href="${href}">Sign in</a></p><p class="error-code">Error 403</p>`
  const title = href === undefined ? 'Not open to you' : 'Sign in needed'
  return renderLayout({ site: options.site, story: options.story, title, body, assets: options.assets })
}
