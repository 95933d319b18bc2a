// Who the content names as responsible, one entry per person however many
// pages name them: an address is one person, a phone number another unless
// one entry gives both. SPEC 1, Accounts the content mandates.
import type { SiteModel } from '../content/model'
import { addressKey } from '../address-match'
import type { PersonKeys } from './membership-record'

export interface ResponsiblePerson extends PersonKeys {
  readonly name: string
  /** The pages that name them, as paths, sorted. */
  readonly pages: readonly string[]
}

export function responsiblePeople(site: SiteModel): ResponsiblePerson[] {
  const byKey = new Map<string, { name: string; email?: string; phone?: string; pages: Set<string> }>()
  const keyOf = (p: PersonKeys) => (p.email ? `email:${addressKey(p.email)}` : `phone:${p.phone ?? ''}`)
  // In path order, so the name a person is known by does not hang on file order.
  const pages = [...site.pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  for (const page of pages) {
    for (const person of page.responsible) {
      const email = person.email === undefined ? undefined : addressKey(person.email)
      const keys = {
        ...(email === undefined ? {} : { email }),
        ...(person.phone === undefined ? {} : { phone: person.phone }),
      }
      // The same person by phone on one page and by address and phone on another is one person.
      const known =
        byKey.get(keyOf(keys)) ?? (person.phone === undefined ? undefined : byKey.get(`phone:${person.phone}`))
      const entry = known ?? { name: person.name, pages: new Set<string>() }
      if (email !== undefined) entry.email ??= email
      if (person.phone !== undefined) entry.phone ??= person.phone
      entry.pages.add(page.path)
      byKey.set(keyOf(entry), entry)
      if (entry.phone !== undefined) byKey.set(`phone:${entry.phone}`, entry)
    }
  }
  return [...new Set(byKey.values())].map((entry) => ({
    name: entry.name,
    ...(entry.email === undefined ? {} : { email: entry.email }),
    ...(entry.phone === undefined ? {} : { phone: entry.phone }),
    pages: [...entry.pages].sort(),
  }))
}
