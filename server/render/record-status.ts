// What a visitor reads at the top of the page after filing or moving a case.
import type { Messages } from '../messages/messages'
import { html, safeUrl, type SafeHtml } from './html'
import { renderMarkdown } from './markdown'

/** `thanks` is the bucket's Markdown in the visitor's storyline. */
export function renderThanks(thanks: string, m: Messages, myCasesHref?: string): SafeHtml {
  const href = myCasesHref === undefined ? undefined : safeUrl(myCasesHref)
  return html`<div class="thanks">${renderMarkdown(thanks || m.say('status.thanks'))}</div>${
    href === undefined ? null : html`<p><a href="${href}">${m.say('status.see-my-cases')}</a></p>`
  }`
}

export function renderMoved(stateLabel: string, m: Messages, name?: string): SafeHtml {
  const which = name === undefined ? m.say('status.your-case') : m.say('status.your-case-named', { name })
  return html`<p>${m.sayHtml('status.moved', { which, state: html`<strong>${stateLabel}</strong>` })}</p>`
}
