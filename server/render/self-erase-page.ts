// The submitter erasing their own case's personal data (`self_erase: true`,
// issue 29): the confirmation, which says what goes and what stays, and the
// page after, which names nothing of the case: by then it is no longer theirs.
import type { Bucket, SiteModel } from '../content/model'
import { personalFields } from '../content/personal-data'
import { textAt } from '../content/storyline'
import { messagesFor } from '../messages/messages'
import type { Viewer } from './account'
import type { Assets } from './document'
import { hiddenInputs } from './form'
import { html, safeUrl } from './html'
import { renderLayout } from './layout'

interface PageBase {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  readonly viewer: Viewer
}

export interface SelfEraseConfirmOptions extends PageBase {
  readonly bucket: Bucket
  readonly action: string
  /** The form's service fields: CSRF, one-time token, and the case's capability when the page was opened with it. */
  readonly hidden: Readonly<Record<string, string>>
  /** The case page, the way back. */
  readonly back: string
}

export function renderSelfEraseConfirm(options: SelfEraseConfirmOptions): string {
  const { site, story } = options
  const m = messagesFor(site, story)
  const title = m.say('case.erase.title')
  const goes = [
    ...personalFields(options.bucket.fields).map((field) => textAt(field.label, story) || field.name),
    m.say('case.erase.you'),
    m.say('case.erase.replies'),
    m.say('case.erase.messages'),
  ]
  const yes = html`<button type="submit" class="button button-closing">${m.say('case.erase.yes')}</button>`
  const no = html`<a class="button button-secondary" href="${safeUrl(options.back) ?? '/'}">${m.say('case.erase.no')}</a>`
  const body = html`<h1>${title}</h1><p>${m.say('case.erase.what')}</p>
<ul class="case-erase-list">${goes.map((item) => html`<li>${item}</li>`)}</ul><p>${m.say('case.erase.kept')}</p>
<form method="post" action="${options.action}" class="self-erase">${hiddenInputs(options.hidden)}
<p class="form-actions">${yes} ${no}</p></form>`
  return renderLayout({ site, story, title, body, assets: options.assets, viewer: options.viewer })
}

/** After the erasure, or a second one: `already` when it had been erased before. */
export function renderSelfErased(options: PageBase & { readonly already: boolean }): string {
  const { site, story } = options
  const m = messagesFor(site, story)
  const title = m.say('case.erase.done-title')
  const said = m.say(options.already ? 'case.erase.already' : 'case.erase.done')
  const body = html`<h1>${title}</h1><p role="status">${said}</p><p><a href="/">${m.say('layout.home-link')}</a></p>`
  return renderLayout({ site, story, title, body, assets: options.assets, viewer: options.viewer })
}
