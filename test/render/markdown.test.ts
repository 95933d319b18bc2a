import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../server/render/markdown'

const render = (source: string) => renderMarkdown(source).toString()

describe('renderMarkdown', () => {
  it('renders ordinary markdown and links', () => {
    expect(render('**bold** [site](https://example.org)')).toBe(
      '<p><strong>bold</strong> <a href="https://example.org">site</a></p>\n',
    )
  })

  it.each([
    '[x](javascript:alert(1))',
    '[x](JAVASCRIPT:alert(1))',
    '[x](java&#x09;script:alert(1))',
    '<javascript:alert(1)>',
    '[x][ref]\n\n[ref]: javascript:alert(1)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '![x](data:image/png;base64,AAAA)',
    '[x](vbscript:msgbox)',
  ])('drops the hostile link in %j', (source) => {
    const out = render(source)
    expect(out).not.toMatch(/<a |<img /)
    expect(out).not.toMatch(/href=|src=/)
  })

  it('shows raw HTML as text', () => {
    const out = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)"> <b onclick="x()">b</b>')
    expect(out).not.toContain('<script')
    expect(out).not.toContain('<img')
    expect(out).not.toContain('<b ')
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
  })

  it('linkifies bare URLs', () => {
    expect(render('see https://example.org/x')).toContain('<a href="https://example.org/x">')
  })

  it('escapes quotes in link targets', () => {
    expect(render('[x](https://example.org/"onmouseover="alert(1))')).not.toContain('"onmouseover')
  })

  it('caches per source string', () => {
    expect(renderMarkdown('cached *text*')).toBe(renderMarkdown('cached *text*'))
  })
})
