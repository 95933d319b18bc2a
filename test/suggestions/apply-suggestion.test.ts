// The suggestion's pieces without a server: applying it to the demo content in
// memory, the lint's findings by text, the diff's fence, who is responsible,
// and when the live content carries it.
import { beforeAll, describe, expect, it } from 'vitest'
import type { ContentFiles } from '../../server/content/compile'
import { loadContent, readCompileOptions } from '../../server/content/load'
import type { Page, SiteModel } from '../../server/content/model'
import { createLocalSource } from '../../server/content/sources/local'
import { applyChanges, checkApplied } from '../../server/suggestions/apply-suggestion'
import { carriesChange } from '../../server/suggestions/carries-change'
import { pageTexts, textsRevision } from '../../server/suggestions/page-texts'
import { isResponsibleFor } from '../../server/suggestions/responsible-for'
import { diffBlock } from '../../server/suggestions/suggestion-diff'
import type { SuggestedChange, Suggestion } from '../../server/suggestions/suggestion-record'
import { DEMO } from '../support/server'

const options = readCompileOptions({})
let site: SiteModel
let files: ContentFiles
let potholes: Page
beforeAll(async () => {
  const loaded = await loadContent(createLocalSource(DEMO), options)
  if (loaded.site === null) throw new Error('the demo has errors')
  site = loaded.site
  files = loaded.snapshot.files
  potholes = site.pages.find((page) => page.path === '/potholes') as Page
})

const change = (over: Partial<SuggestedChange>): SuggestedChange => ({
  key: 'title',
  label: 'Title',
  storyline: 'plain',
  before: '',
  after: '',
  ...over,
})

describe('a suggestion applied to the content in memory', () => {
  it('Accounts the content mandates 6 (checked): writes the texts into the page file, comments kept, and compiles clean', () => {
    const applied = applyChanges(files, potholes, site.storylines, [
      change({ after: 'Potholes, step by step' }),
      change({ key: 'block-0', label: 'Text 1', storyline: 'story', after: 'Short and sweet.' }),
    ])
    expect(applied?.fileText).toContain('# A bare number: the service adds PHONE_COUNTRY (default +47).')
    expect(applied?.fileText).toContain('Potholes, step by step')
    expect(applied?.fileText).toContain('From your report to a smooth street')
    expect(checkApplied(files, applied!, potholes, options)).toBeNull()
  })

  it('Accounts the content mandates 6 (checked): a new lint finding is told beside the text it is about', () => {
    const applied = applyChanges(files, potholes, site.storylines, [
      change({ key: 'block-0', label: 'Text 1', after: 'See ![the map](/site/nowhere.png).' }),
    ])
    const findings = checkApplied(files, applied!, potholes, options)
    expect(findings?.other).toEqual([])
    expect([...(findings?.byText ?? new Map<string, string[]>())]).toEqual([
      ['block-0', ['/site/nowhere.png is not a file under public/; add public/nowhere.png or correct the address']],
    ])
  })

  it('a text the same in every storyline is written as one; the revision follows the texts', () => {
    const staff = site.pages.find((page) => page.path === '/staff') as Page
    expect(pageTexts(staff).map((text) => [text.key, text.shared])).toEqual([
      ['title', true],
      ['block-0', true],
    ])
    const applied = applyChanges(files, staff, site.storylines, [
      change({ key: 'title', storyline: null, after: 'Staff, all of it' }),
    ])
    expect(applied?.fileText).toContain('title: Staff, all of it\n')
    expect(textsRevision(staff)).not.toBe(textsRevision(potholes))
  })
})

describe('the diff', () => {
  it('XSS (mail): is fenced longer than any backticks in the text, so no text closes the code block', () => {
    const block = diffBlock(change({ before: 'a\n', after: 'a ``` b ```` c\n<script>x</script>\n' }))
    expect(block.startsWith('`````diff\n')).toBe(true)
    expect(block.endsWith('\n`````')).toBe(true)
    expect(block).toContain('+<script>x</script>')
  })
})

describe('who is responsible, and when content carries a suggestion', () => {
  it('Accounts the content mandates 6 (own pages): matches the verified address in any case, or the phone number', () => {
    expect(isResponsibleFor(potholes, { email: 'Kari.Nordmann@example.org' })).toBe(true)
    expect(isResponsibleFor(potholes, { phone: '+4791234567' })).toBe(true)
    expect(isResponsibleFor(potholes, { email: 'nora@example.org' })).toBe(false)
    expect(isResponsibleFor(potholes, { subject: 'kari.nordmann@example.org' })).toBe(false)
  })

  it('applied only once every changed text reads as suggested', () => {
    const title = potholes.title[0] ?? ''
    const suggestion = (after: string) =>
      ({ page: '/potholes', file: potholes.file, changes: [change({ after })] }) as unknown as Suggestion
    expect(carriesChange(site, suggestion(title))).toBe(true)
    expect(carriesChange(site, suggestion(`${title}!`))).toBe(false)
  })
})
