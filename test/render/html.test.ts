import { describe, expect, it } from 'vitest'
import { html, raw, safeUrl } from '../../server/render/html'

describe('html', () => {
  it('escapes every special character in text', () => {
    expect(html`<p>${`& < > " '`}</p>`.toString()).toBe('<p>&amp; &lt; &gt; &quot; &#39;</p>')
  })

  it('escapes quotes so a value cannot leave its attribute', () => {
    const hostile = `x" onmouseover="alert(1)' onfocus='alert(2)`
    expect(html`<a title="${hostile}">`.toString()).toBe(
      '<a title="x&quot; onmouseover=&quot;alert(1)&#39; onfocus=&#39;alert(2)">',
    )
  })

  it('escapes numbers and strings, not SafeHtml', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${inner}${42}</p>`.toString()).toBe('<p><b>&lt;i&gt;</b>42</p>')
  })

  it('joins arrays and escapes strings inside them', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`)
    expect(html`<ul>${items}${['<x>']}</ul>`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>b</li>&lt;x&gt;</ul>')
  })

  it('renders nothing for null, undefined and false', () => {
    expect(html`[${null}${undefined}${false}]`.toString()).toBe('[]')
  })

  it('does not take a look-alike object for SafeHtml', () => {
    const fake = { toString: () => '<script>' } as unknown as string
    expect(html`${fake}`.toString()).toBe('&lt;script&gt;')
  })

  it('keeps raw markup as given', () => {
    expect(html`${raw('<br>')}`.toString()).toBe('<br>')
  })
})

describe('safeUrl', () => {
  it.each([
    'https://example.org/a?b=c',
    'http://example.org',
    'mailto:post@example.org',
    'tel:+4791234567',
    '/potholes',
    'potholes/new',
    '#main',
    '?page=2',
  ])('allows %s', (url) => {
    expect(safeUrl(url)).toBe(url)
  })

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeUndefined()
  })
})
