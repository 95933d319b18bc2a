// An accepted suggestion is written into the page's YAML file changing only
// the texts it changes: comments, key order and quoting stay as the author
// left them. And the desk's word-by-word view marks removed and added words
// with <del> and <ins>, told in words too.
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { ContentFiles } from '../../server/content/compile'
import type { Page } from '../../server/content/model'
import { messagesFor } from '../../server/messages/messages'
import { renderWordDiff } from '../../server/render/suggestions/word-diff'
import { applyChanges } from '../../server/suggestions/apply-suggestion'

const FILE = `# The about page: who we are.
title: ["About us", 'Our story'] # told two ways
responsible:
  - { name: Kari Nordmann, email: kari.nordmann@example.org }
blocks:
  # The first block, shared.
  - text: |
      We **mend** the streets.
  - button: { label: Report, href: "/report" }
`

const page = {
  path: '/about',
  file: 'pages/about.yaml',
  title: ['About us', 'Our story'],
  blocks: [{ kind: 'text', text: ['We **mend** the streets.\n', 'We **mend** the streets.\n'] }],
} as unknown as Page

const files: ContentFiles = { texts: new Map([[page.file, FILE]]), publicFiles: [], refused: [] }

describe('a suggestion written into its YAML file', () => {
  it('Accepted suggestions go live: a YAML round trip keeps comments, order and quoting, changing only the scalars concerned', () => {
    const applied = applyChanges(
      files,
      page,
      ['plain', 'story'],
      [
        { key: 'title', label: 'Title', storyline: 'plain', before: 'About us', after: 'About the street crew' },
        {
          key: 'block-0',
          label: 'Text',
          storyline: null,
          before: 'We **mend** the streets.\n',
          after: 'We **mend** and sweep the streets.\n',
        },
      ],
    )
    expect(applied?.fileText).toBe(
      FILE.replace('"About us"', '"About the street crew"').replace('**mend** the', '**mend** and sweep the'),
    )
  })

  it('Accepted suggestions go live: a text typed with blank lines before it is written into its block as typed, and the file still parses', () => {
    const applied = applyChanges(
      files,
      page,
      ['plain', 'story'],
      [
        {
          key: 'block-0',
          label: 'Text',
          storyline: null,
          before: 'We **mend** the streets.\n',
          after: '\n\nWe **mend** and sweep the streets.\n',
        },
      ],
    )
    expect(applied?.fileText).toBe(
      FILE.replace('  - text: |\n      We', '  - text: |\n\n\n      We').replace(
        '**mend** the',
        '**mend** and sweep the',
      ),
    )
    const blocks = (parse(applied?.fileText ?? '') as { blocks: { text?: string }[] }).blocks
    expect(blocks[0]?.text).toBe('\n\nWe **mend** and sweep the streets.\n')
    expect(blocks[1]).toEqual({ button: { label: 'Report', href: '/report' } })
  })

  it('Accepted suggestions go live: the desk shows the change word by word, removed and added words marked and told', () => {
    const m = messagesFor({ branding: { language: 'en' } } as never, 0)
    const shown = String(
      renderWordDiff(
        {
          key: 'title',
          label: 'Title',
          storyline: 'plain',
          before: 'How we handle reports',
          after: 'How we fix reports',
        },
        m,
      ),
    )
    expect(shown).toContain('Now (removed words struck through)')
    expect(shown).toContain('Suggested (added words underlined)')
    expect(shown).toContain(
      '<del><span class="visually-hidden">[removed: </span>handle<span class="visually-hidden">]</span></del>',
    )
    expect(shown).toContain(
      '<ins><span class="visually-hidden">[added: </span>fix<span class="visually-hidden">]</span></ins>',
    )
    expect(shown).not.toContain('@@')
  })
})
