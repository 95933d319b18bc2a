// The texts of a page a responsible person may suggest a change to: its title
// and each text block, one entry per storyline, and a revision over all of
// them so a suggestion made on an older version of the page is told apart.
import { createHash } from 'node:crypto'
import type { Page } from '../content/model'
import { said, type Said } from '../messages/said'

export interface PageText {
  /** `title` or `block-<n>`: the form field's name and the change's key. */
  readonly key: string
  /** Where the text is in the page's YAML file. */
  readonly path: readonly (string | number)[]
  readonly label: Said
  /** One entry per storyline, in the site's order. */
  readonly entries: readonly string[]
  /** The same text in every storyline: suggested as one. */
  readonly shared: boolean
}

export function pageTexts(page: Page): PageText[] {
  const texts: PageText[] = [text('title', ['title'], said('suggest.text.title'), page.title)]
  let n = 0
  page.blocks.forEach((block, index) => {
    if (block.kind === 'text')
      texts.push(
        text(
          `block-${index}`,
          ['blocks', index, 'text'],
          said('suggest.text.block', { n: ++n, start: firstWords(block.text[0] ?? '') }),
          block.text,
        ),
      )
  })
  return texts
}

function text(key: string, path: PageText['path'], label: Said, entries: readonly string[]): PageText {
  return { key, path, label, entries, shared: entries.every((entry) => entry === entries[0]) }
}

/** How a text block begins, without its Markdown marks: enough to find it on the page. */
function firstWords(markdown: string): string {
  const words = markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(?:[-+*]|\d+[.)])\s+/gm, '')
    .replace(/[#*_`>|~]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  return words.length > 6 ? `${words.slice(0, 6).join(' ')} …` : words.join(' ')
}

/** Changes whenever any text of the page does, and only then. */
export function textsRevision(page: Page): string {
  const texts = pageTexts(page).map(({ key, entries }) => [key, entries])
  return createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 32)
}

/** What a browser sends back from a textarea: line breaks as CRLF. */
export function cleanTyped(value: string): string {
  return value.replace(/\r\n?/g, '\n')
}
