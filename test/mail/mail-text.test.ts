import { describe, expect, it } from 'vitest'
import { fillPlaceholders, markdownText } from '../../server/mail/mail-text'

describe('mail placeholders', () => {
  it('fills known placeholders, spaces allowed, and leaves unknown ones as written', () => {
    const values: Record<string, string> = { 'record.street': 'Mill Lane', link: 'https://x.org/a' }
    expect(fillPlaceholders('{{record.street}} / {{ link }} / {{record.nope}}', (name) => values[name])).toBe(
      'Mill Lane / https://x.org/a / {{record.nope}}',
    )
  })

  it('escapes a value so Markdown reads it as plain text', () => {
    expect(markdownText('a *b* _c_ `d` <e> [f](g) ![h](i) & ~j~ | k \\ l')).toBe(
      'a \\*b\\* \\_c\\_ \\`d\\` \\<e\\> \\[f\\](g) !\\[h\\](i) \\& \\~j\\~ \\| k \\\\ l',
    )
    expect(markdownText('# title\n- item\n  + more\n2. second\n===\n3.5 stays')).toBe(
      '\\# title\n\\- item\n  \\+ more\n2\\. second\n\\===\n3.5 stays',
    )
    expect(markdownText('Mill-Lane 14. 2024')).toBe('Mill-Lane 14. 2024')
  })
})
