// What a visitor reads at the top of the page after filing or moving a case.
import { html, safeUrl, type SafeHtml } from './html'
import { renderMarkdown } from './markdown'

const DEFAULT_THANKS = 'Thank you, your report is filed.'

/** `thanks` is the bucket's Markdown in the visitor's storyline. */
export function renderThanks(
  thanks: string,
  myCasesHref?: string,
  reference?: { readonly text: string; readonly href: string },
): SafeHtml {
  const href = myCasesHref === undefined ? undefined : safeUrl(myCasesHref)
  const caseHref = reference === undefined ? undefined : safeUrl(reference.href)
  const referenceLine =
    reference === undefined || caseHref === undefined
      ? null
      : html`<p class="thanks-reference">Your reference: <strong>${reference.text}</strong>.
<a href="${caseHref}">Follow your case</a></p>`
  return html`<div class="thanks">${renderMarkdown(thanks || DEFAULT_THANKS)}</div>${referenceLine}${
    href === undefined ? null : html`<p><a href="${href}">See my cases</a></p>`
  }`
}

export function renderMoved(stateLabel: string, name?: string): SafeHtml {
  const which = name === undefined ? 'Your case' : html`Your case “${name}”`
  return html`<p>Done. ${which} is now: <strong>${stateLabel}</strong>.</p>`
}
