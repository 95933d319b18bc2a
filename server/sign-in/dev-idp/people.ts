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

export function findDemoPerson(id: string): DemoPerson | undefined {
  return DEMO_PEOPLE.find((person) => person.id === id)
}
