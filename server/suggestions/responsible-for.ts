// Whether a signed-in person is one a page names as responsible: the address
// or phone number the provider verified at sign-in matched against the page's
// entries, as the responsible pass and memberships match people.
import type { Page } from '../content/model'
import { matchKeys, type PersonKeys } from '../people/membership-record'

export function isResponsibleFor(page: Page, person: PersonKeys): boolean {
  const theirs = new Set(matchKeys({ email: person.email, phone: person.phone }))
  return theirs.size > 0 && page.responsible.some((named) => matchKeys(named).some((key) => theirs.has(key)))
}
