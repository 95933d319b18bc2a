// Unverified or look-alike addresses and numbers claiming what was meant for
// someone else: the first person's seed (SEED_ADMIN_EMAIL), a responsible
// person's right to suggest edits, memberships matched on an address. A real
// OpenID provider (oidc-provider) signs in each attacker; userinfo carries the
// `*_verified` claims exactly as written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sameAddress, addressKey } from '../../server/address-match'
import { readUser } from '../../server/sign-in/claims'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp, type ServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import type { TestAccount } from '../auth/test-idp'

const KATE = 'kate@example.org'
const account = (id: string, claims: Record<string, unknown>): TestAccount => ({ id, claims: { name: id, ...claims } })
const ACCOUNTS: readonly TestAccount[] = [
  account('kelvin', { email: '\u212Aate@example.org', email_verified: true }),
  account('fullwidth', { email: '\uFF4Bate@example.org', email_verified: true }),
  account('absent', { email: KATE }),
  account('string-false', { email: KATE, email_verified: 'false' }),
  account('string-true', { email: KATE, email_verified: 'true' }),
  account('zero', { email: KATE, email_verified: 0 }),
  account('null', { email: KATE, email_verified: null }),
  account('kate', { email: 'Kate@Example.ORG', email_verified: true }),
  // The demo's potholes page names kari.nordmann@example.org and +47 91234567 as responsible.
  account('kelvin-nordmann', { email: 'kari.nordmann@example.org'.replace('k', '\u212A'), email_verified: true }),
  account('phone-absent', { phone_number: '+47 91234567' }),
  account('phone-string', { phone_number: '+47 91234567', phone_number_verified: 'true' }),
  account('phone-one', { phone_number: '+47 91234567', phone_number_verified: 1 }),
  account('ola', { phone_number: '+47 91234567', phone_number_verified: true }),
  account('knord', { email: 'kari.nordmann@example.org', email_verified: true }),
]

let site: ServiceWithIdp
beforeAll(async () => {
  site = await startServiceWithIdp({
    accounts: ACCOUNTS,
    env: { SEED_ADMIN_EMAIL: KATE, SEED_ADMIN_NAME: 'Kate', OIDC_EXTRA_SCOPES: 'phoneNumber' },
  })
})
afterAll(() => site?.stop())

const signedIn = async (login: string): Promise<CookieFetch> => {
  const client = createCookieFetch()
  await signIn(client, site.service, login)
  return client
}
const status = async (client: CookieFetch, path: string) => (await client(`${site.service}${path}`)).status

describe('Security: unverified and look-alike addresses', () => {
  it('an address not said verified (absent, "false", "true", 0, null) or a look-alike never takes the seed', async () => {
    for (const login of ['kelvin', 'fullwidth', 'absent', 'string-false', 'string-true', 'zero', 'null']) {
      const attacker = await signedIn(login)
      expect(await status(attacker, '/desk/caseworkers'), login).not.toBe(200)
    }
    // The invited person, however their provider spells the ASCII letters, still gets the desk.
    expect(await status(await signedIn('kate'), '/desk/caseworkers')).toBe(200)
  })

  it("a look-alike address or an unverified number is not a page's responsible person", async () => {
    const suggest = `/suggest?page=${encodeURIComponent('/potholes')}`
    for (const login of ['kelvin-nordmann', 'phone-absent', 'phone-string', 'phone-one'])
      expect(await status(await signedIn(login), suggest), login).not.toBe(200)
    expect(await status(await signedIn('ola'), suggest)).toBe(200)
    expect(await status(await signedIn('knord'), suggest)).toBe(200)
  })

  it("userinfo's verdict wins over the ID token's, and only boolean true counts", () => {
    const options = { wantsPhone: true, phoneCountry: '+47', groupPrefix: '' }
    const idToken = {
      sub: 's',
      email: KATE,
      email_verified: true,
      phone_number: '+4791234567',
      phone_number_verified: true,
    }
    for (const verdict of [undefined, false, 'false', 'true', 0, 1, null]) {
      const user = readUser(
        idToken,
        { sub: 's', email: KATE, email_verified: verdict, phone_number: '+4791234567' },
        options,
      )
      expect(user.email, String(verdict)).toBeUndefined()
      expect(user.phone, String(verdict)).toBeUndefined()
    }
    const verified = readUser(
      idToken,
      { sub: 's', email_verified: true, phone_number: '+4791234567', phone_number_verified: true },
      options,
    )
    expect(verified).toMatchObject({ email: KATE, phone: '+4791234567' })
  })

  it('addresses equal only after NFKC or Unicode case folding never match; ASCII case and NFC forms do', () => {
    const lookAlikes = [
      '\u212Aate@example.org',
      '\uFF4Bate@example.org',
      'kate@\uFF45xample.org',
      'o\uFB01ce@example.org',
    ]
    for (const alike of lookAlikes) {
      const imitated = alike.normalize('NFKC').toLowerCase()
      expect(imitated).toMatch(/^[a-z.@]+$/)
      expect(sameAddress(alike, imitated), alike).toBe(false)
      // Kept and read back (a session, a KV key) it still is not the address it imitates.
      expect(sameAddress(addressKey(alike), imitated), alike).toBe(false)
      expect(addressKey(addressKey(alike))).toBe(addressKey(alike))
    }
    expect(sameAddress('\u00C5se@example.no', '\u00E5se@example.no')).toBe(false)
    expect(sameAddress('stra\u00DFe@example.de', 'strasse@example.de')).toBe(false)
    expect(sameAddress(' Kate@Example.ORG ', KATE)).toBe(true)
    expect(sameAddress('a\u030Ase@example.no', '\u00E5se@example.no')).toBe(true)
  })
})
