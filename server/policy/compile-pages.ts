// Pages: who may open them, who may file through their forms, and who may
// suggest changes to them.
import type { Page, SiteModel } from '../content/model'
import { cedarString, type CompiledPolicy } from './cedar-text'

export function compilePagePolicies(site: SiteModel): CompiledPolicy[] {
  return [...site.pages.flatMap((page) => [...compileAccess(page), ...compileSuggest(page)]), ...compileForms(site)]
}

function compileAccess(page: Page): CompiledPolicy[] {
  const resource = `resource == Page::${cedarString(page.path)}`
  if (page.access === 'public') {
    return [[`page:${page.path}:open`, `permit (principal, action == Action::"open", ${resource});`]]
  }
  return page.access.map((group) => [
    `page:${page.path}:open:${group}`,
    `permit (principal in Group::${cedarString(group)}, action == Action::"open", ${resource});`,
  ])
}

// Addresses in the model are address keys (address-match.ts) and phone numbers E.164; the engine
// gives the principal's the same shape, so plain equality matches a person.
function compileSuggest(page: Page): CompiledPolicy[] {
  const matches = page.responsible.flatMap((person) => [
    ...(person.email === undefined ? [] : [`(principal has email && principal.email == ${cedarString(person.email)})`]),
    ...(person.phone === undefined ? [] : [`(principal has phone && principal.phone == ${cedarString(person.phone)})`]),
  ])
  if (matches.length === 0) return []
  return [
    [
      `page:${page.path}:suggest`,
      `permit (principal, action == Action::"suggest", resource == Page::${cedarString(page.path)})\n` +
        `when {\n  principal.signedIn && (\n    ${matches.join(' ||\n    ')}\n  )\n};`,
    ],
  ]
}

// A form files for whoever may open its page: a form on a page for
// caseworkers does not let everyone file into that bucket. One public page
// with the form opens filing to everyone, so the groups are then left out.
function compileForms(site: SiteModel): CompiledPolicy[] {
  const audiences = new Map<string, Set<string> | 'public'>()
  for (const page of site.pages) {
    for (const block of page.blocks) {
      if (block.kind !== 'form') continue
      const known = audiences.get(block.bucket)
      if (page.access === 'public' || known === 'public') audiences.set(block.bucket, 'public')
      else audiences.set(block.bucket, new Set([...(known ?? []), ...page.access]))
    }
  }
  return [...audiences].flatMap(([name, audience]) => {
    const bucket = site.buckets.get(name)
    if (!bucket) return []
    const actions = bucket.fields.some((f) => f.type === 'file') ? ['file', 'upload'] : ['file']
    const resource = `resource == Bucket::${cedarString(name)}`
    return actions.flatMap((action): CompiledPolicy[] => {
      const head = `permit (principal, action == Action::"${action}", ${resource})`
      if (audience === 'public') {
        const text = bucket.signIn === 'required' ? `${head}\nwhen { principal.signedIn };` : `${head};`
        return [[`form:${name}:${action}`, text]]
      }
      return [...audience].map((group) => [
        `form:${name}:${action}:${group}`,
        `permit (principal in Group::${cedarString(group)}, action == Action::"${action}", ${resource});`,
      ])
    })
  })
}
