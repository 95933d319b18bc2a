// What anyone but the submitter gets at /my/{bucket}/{id}, the same for a
// case that exists and one that does not: where such a page does open, and
// a way to sign in when that may be what is missing.
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { html, safeUrl } from './html'
import { renderLayout } from './layout'

const WHERE =
  'A case page opens only for whoever filed the case: in the browser it was filed from, or when signed in ' +
  'with the account it was filed with.'

export function renderCaseNotHere(site: SiteModel, story: number, assets: Assets, signInHref?: string): string {
  const href = signInHref === undefined ? undefined : safeUrl(signInHref)
  const body = html`<h1>This case cannot be shown here</h1><p>${WHERE}</p>${
    href === undefined ? null : html`<p><a class="button" href="${href}">Sign in</a></p>`
  }<p class="error-code">Error 404</p><p><a href="/">Go to the home page</a></p>`
  return renderLayout({ site, story, title: 'This case cannot be shown here', body, assets })
}
