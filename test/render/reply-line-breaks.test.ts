// A reply by mail is plain text whose line breaks are its paragraphs: the case page and the desk keep them.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const css = readFileSync(new URL('../../server/render/assets/site.css', import.meta.url), 'utf8')
const source = (file: string) => readFileSync(new URL(`../../server/render/${file}`, import.meta.url), 'utf8')

describe('line breaks in a reply by mail', () => {
  it('are kept by the one rule the case page and the desk history share', () => {
    expect(css).toMatch(/\.desk-history-note,\s*\.timeline-plain\s*\{[^}]*white-space:\s*pre-wrap/)
    expect(source('case-page.ts')).toContain('class="timeline-text timeline-plain"')
    expect(source('desk/history.ts')).toContain('class="desk-history-what desk-history-note"')
  })
})
