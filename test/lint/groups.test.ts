// site.yaml `groups:`: what each group is called, checked against the groups the content names.
import { describe, expect, it } from 'vitest'
import { compileContent } from '../../server/content/compile'
import { groupLabel } from '../../server/content/group-label'
import { BASE, lintCases, yaml } from './repo'

const site = (...lines: string[]) => ({
  'site.yaml': yaml('name: Test site', 'storylines: [a, b]', 'inbox: post@example.org', ...lines),
})

describe('site.yaml groups:', () => {
  lintCases([
    {
      name: 'a label for a group a desk names, one text or one per storyline',
      files: site('groups:', '  staff: { label: [Staff, Our team] }'),
      lines: [],
      rules: [],
    },
    {
      name: 'a group with no label is fine: it is called by its name',
      files: site('groups:', '  staff: {}'),
      lines: [],
      rules: [],
    },
    {
      name: 'unknown-reference: a label for a group nothing names, with the group meant (a warning)',
      files: site('groups:', '  staf: { label: Staff }'),
      lines: ['site.yaml:5:3: warning: no desk, invite, state or page names the group "staf"; did you mean "staff"?'],
      rules: ['unknown-reference'],
    },
    {
      name: 'storyline-length: a label list of the wrong length',
      files: site('groups:', '  staff: { label: [Staff, Our team, Third] }'),
      lines: [
        'site.yaml:5:19: error: this list has 3 entries but the site has 2 storylines (a, b); give one entry per ' +
          'storyline or a single text',
      ],
      rules: ['storyline-length'],
    },
    {
      name: 'unknown-key: a key other than label',
      files: site('groups:', '  staff: { title: Staff }'),
      lines: ['site.yaml:5:12: error: unknown key "title" in site.yaml at groups.staff'],
      rules: ['unknown-key'],
    },
  ])
})

describe('groupLabel, as the service reads the same content', () => {
  const compiled = (siteYaml: string) => {
    const texts = new Map(Object.entries({ ...BASE, 'site.yaml': siteYaml }).filter(([, v]) => v !== null))
    const { site } = compileContent({ texts: texts, publicFiles: [], refused: [] }, { phoneCountry: '+47' })
    if (site === null) throw new Error('the content did not compile')
    return site
  }

  it('is the label in the storyline asked for', () => {
    const site = compiled(yaml('name: T', 'storylines: [a, b]', 'groups:', '  staff: { label: [Staff, Our team] }'))
    expect(groupLabel(site, 'staff', 0)).toBe('Staff')
    expect(groupLabel(site, 'staff', 1)).toBe('Our team')
  })

  it('is the group name when content gives no label, or does not list the group', () => {
    const site = compiled(yaml('name: T', 'storylines: [a, b]', 'groups:', '  staff:'))
    expect(groupLabel(site, 'staff', 1)).toBe('staff')
    expect(groupLabel(site, 'volunteers', 0)).toBe('volunteers')
  })
})
