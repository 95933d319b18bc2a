// What a visitor reads at the top of the page after filing or moving a case.
import type { Messages } from '../messages/messages'
import { html, safeUrl, type SafeHtml } from './html'
import { renderMarkdown } from './markdown'

/** `thanks` is the bucket's Markdown in the visitor's storyline. */
export function renderThanks(
  thanks: string,
  m: Messages,
  myCasesHref?: string,
  reference?: { readonly text: string; readonly href: string },
): SafeHtml {
  const href = myCasesHref === undefined ? undefined : safeUrl(myCasesHref)
  const caseHref = reference === undefined ? undefined : safeUrl(reference.href)
  const referenceLine =
    reference === undefined || caseHref === undefined
      ? null
      : html`<p class="thanks-reference">${m.sayHtml('status.your-reference', { reference: html`<strong>${reference.text}</strong>` })}
<a href="${caseHref}">${m.say('status.follow-case')}</a></p>`
  return html`<div class="thanks">${renderMarkdown(thanks || m.say('status.thanks'))}</div>${referenceLine}${
    href === undefined ? null : html`<p><a href="${href}">${m.say('status.see-my-cases')}</a></p>`
  }`
}

export function renderMoved(stateLabel: string, m: Messages, name?: string): SafeHtml {
  const which = name === undefined ? m.say('status.your-case') : m.say('status.your-case-named', { name })
  return html`<p>${m.sayHtml('status.moved', { which, state: html`<strong>${stateLabel}</strong>` })}</p>`
}
