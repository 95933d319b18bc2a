// A self move that closes the case asks again first, as a desk's
// `confirm: true` does: the same form, sent once more with the answer yes.
// Going back leaves the case as it was.
import type { SiteModel } from '../content/model'
import { textAt } from '../content/storyline'
import { CONFIRMED_FIELD } from '../forms/service-fields'
import { messagesFor } from '../messages/messages'
import type { Assets } from './document'
import { hiddenInputs } from './form'
import { html, safeUrl } from './html'
import { renderLayout } from './layout'

export interface SelfMoveConfirmOptions {
  readonly site: SiteModel
  readonly story: number
  readonly assets: Assets
  readonly action: string
  /** The button's own inputs, sent again unchanged. */
  readonly posted: Readonly<Record<string, string>>
  readonly label: readonly string[]
  /** The page the button was on. */
  readonly back: string
}

export function renderSelfMoveConfirm({
  site,
  story,
  assets,
  action,
  posted,
  label,
  back,
}: SelfMoveConfirmOptions): string {
  const m = messagesFor(site, story)
  const move = textAt(label, story)
  const title = m.say('self-move.confirm.title', { move })
  const hidden = hiddenInputs({ ...posted, [CONFIRMED_FIELD]: 'yes' })
  const yes = html`<button type="submit" class="button">${move}</button>`
  const no = html`<a class="button button-secondary" href="${safeUrl(back) ?? '/'}">${m.say('self-move.confirm.no')}</a>`
  const body = html`<h1>${title}</h1><p>${m.say('self-move.confirm.closes')}</p>
<form method="post" action="${action}" class="self-move-confirm">${hidden}<p class="form-actions">${yes} ${no}</p></form>`
  return renderLayout({ site, story, title, body, assets })
}
