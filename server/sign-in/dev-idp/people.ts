// The demo people of the development provider, one per group the demo site
// (examples/demo) uses and one in none, so every desk and page can be tried.

export interface DemoPerson {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly groups: readonly string[]
}

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { id: 'kari', name: 'Kari Caseworker', email: 'kari@example.org', phone: '+47 912 34 501', groups: ['caseworkers'] },
  { id: 'rolf', name: 'Rolf Roads', email: 'rolf@example.org', phone: '+47 912 34 502', groups: ['road_crew'] },
  // A bare number, as many providers hand them out: PHONE_COUNTRY completes it.
  { id: 'vera', name: 'Vera Volunteer', email: 'vera@example.org', phone: '912 34 503', groups: ['volunteers'] },
  { id: 'nora', name: 'Nora Nobody', email: 'nora@example.org', phone: '+47 912 34 504', groups: [] },
]

// Anyone else by address, so an invite (or the seed) sent to any address can
// be accepted in development: the account id is `mail.<address>`.
const MAIL_ID = /^mail\.([^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,190})$/

export function findDemoPerson(id: string): DemoPerson | undefined {
  const demo = DEMO_PEOPLE.find((person) => person.id === id)
  if (demo !== undefined) return demo
  const email = MAIL_ID.exec(id)?.[1]
  return email === undefined ? undefined : { id, name: email.split('@')[0] ?? email, email, phone: '', groups: [] }
}

/** The account id of someone signing in by an address typed on the development sign-in page, or undefined. */
export function mailPersonId(address: string): string | undefined {
  const id = `mail.${address.trim().toLowerCase()}`
  return MAIL_ID.test(id) ? id : undefined
}
