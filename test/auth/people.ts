// People of the test provider, and asking the service who is signed in.
import type { CookieFetch } from './cookie-fetch'
import type { TestAccount } from './test-idp'

export const KARI: TestAccount = {
  id: 'kari',
  claims: {
    name: 'Kari Nordmann',
    email: 'kari@example.org',
    email_verified: true,
    // A bare number: PHONE_COUNTRY (default +47) completes it.
    phone_number: '912 34 567',
    phone_number_verified: true,
    // A provider shared with another site: only northvale_ groups are this site's.
    groups: ['northvale_caseworkers', 'northvale_volunteers', 'othersite_admins'],
  },
}

export const ROLF: TestAccount = {
  id: 'rolf',
  claims: { email: 'rolf@example.org', email_verified: true, groups: ['road_crew'] },
}

export async function me(
  client: CookieFetch,
  service: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await client(`${service}/auth/me`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
