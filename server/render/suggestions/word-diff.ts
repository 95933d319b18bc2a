// One change of a suggestion as a reviewer reads it: the text now and the
// text suggested side by side, word by word (the `diff` package), removed
// words in <del> and added words in <ins>, each told in words as well as
// drawn, so neither colour nor a line through is the only sign.
import { diffWords } from 'diff'
import type { Messages } from '../../messages/messages'
import type { SuggestedChange } from '../../suggestions/suggestion-record'
import { html, type SafeHtml } from '../html'

export function renderWordDiff(change: SuggestedChange, m: Messages): SafeHtml {
  const parts = diffWords(change.before, change.after)
  const removed = m.say('suggestions.diff.removed')
  const added = m.say('suggestions.diff.added')
  const before = parts
    .filter((part) => !part.added)
    .map((part) => (part.removed ? marked('del', removed, part.value) : html`${part.value}`))
  const after = parts
    .filter((part) => !part.removed)
    .map((part) => (part.added ? marked('ins', added, part.value) : html`${part.value}`))
  return html`<div class="suggestion-diff"><div class="suggestion-side"><p class="suggestion-side-label">${m.say(
    'suggestions.diff.before',
  )}</p><p class="suggestion-text">${before}</p></div><div class="suggestion-side"><p class="suggestion-side-label">${m.say(
    'suggestions.diff.after',
  )}</p><p class="suggestion-text">${after}</p></div></div>`
}

function marked(tag: 'del' | 'ins', label: string, value: string): SafeHtml {
  const hidden = html`<span class="visually-hidden">[${label}: </span>`
  const end = html`<span class="visually-hidden">]</span>`
  return tag === 'del' ? html`<del>${hidden}${value}${end}</del>` : html`<ins>${hidden}${value}${end}</ins>`
}
