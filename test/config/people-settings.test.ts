// The people settings (SPEC 1, Runtime configuration; section 5 rules 3 and
// 5): who keeps groups, the first person in, and how long an invite's link works.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config/parse-config'
import { problemsOf } from './problems'
import { peopleBackendOf, scimUrlOf } from '../../server/config/settings-together'

describe('Authentication 5: PEOPLE_BACKEND', () => {
  it('is memberships when unset and IDP_API_TOKEN is unset too', () => {
    const config = parseConfig({})
    expect(config.PEOPLE_BACKEND).toBeUndefined()
    expect(peopleBackendOf(config)).toBe('memberships')
    expect(peopleBackendOf(parseConfig({ PEOPLE_BACKEND: 'memberships' }))).toBe('memberships')
  })

  it('idp needs IDP_API_TOKEN (the start names it) and a SCIM address; the embedded development provider brings both', () => {
    expect(problemsOf({ PEOPLE_BACKEND: 'idp' })).toEqual([
      'PEOPLE_BACKEND: idp keeps groups at the identity provider, which needs IDP_API_TOKEN (its admin API token); set it, or PEOPLE_BACKEND=memberships',
    ])
    expect(problemsOf({ PEOPLE_BACKEND: 'idp', IDP_API_TOKEN: 'tok' })).toEqual([
      'IDP_SCIM_URL: groups kept at the identity provider need its SCIM address; set IDP_URL (SCIM at ${IDP_URL}/scim/v2) or IDP_SCIM_URL',
    ])
    const taken = (env: Record<string, string>) => peopleBackendOf(parseConfig(env))
    expect(taken({ PEOPLE_BACKEND: 'idp', IDP_API_TOKEN: 'tok', IDP_URL: 'https://idp.example.org' })).toBe('idp')
    expect(taken({ IDP_API_TOKEN: 'tok-secret-123', IDP_URL: 'https://idp.example.org' })).toBe('idp')
    expect(taken({ PEOPLE_BACKEND: 'idp', SVC_MODE: 'development' })).toBe('idp')
    // A development site at a real provider needs the token like any other.
    expect(
      problemsOf({ PEOPLE_BACKEND: 'idp', SVC_MODE: 'development', IDP_URL: 'https://idp.example.org' }),
    ).toHaveLength(1)
    // Said outright, memberships wins over the token.
    expect(peopleBackendOf(parseConfig({ IDP_API_TOKEN: 'tok', PEOPLE_BACKEND: 'memberships' }))).toBe('memberships')
    expect(peopleBackendOf({ PEOPLE_BACKEND: undefined, IDP_API_TOKEN: 'tok' })).toBe('idp')
  })

  it('Runtime configuration IDP_API_TOKEN: the SCIM API is IDP_SCIM_URL, else under IDP_URL', () => {
    expect(scimUrlOf(parseConfig({ IDP_URL: 'https://idp.example.org/' }))).toBe('https://idp.example.org/scim/v2')
    expect(
      scimUrlOf(parseConfig({ IDP_URL: 'https://idp.example.org', IDP_SCIM_URL: 'https://scim.example.org/v2/' })),
    ).toBe('https://scim.example.org/v2')
    expect(scimUrlOf(parseConfig({}))).toBeNull()
    expect(problemsOf({ IDP_SCIM_URL: 'ftp://x' })).toEqual([
      'IDP_SCIM_URL: expected an http:// or https:// URL, got "ftp://x"',
    ])
  })

  it('takes nothing but idp or memberships', () => {
    expect(problemsOf({ PEOPLE_BACKEND: 'ldap' })).toEqual(['PEOPLE_BACKEND: expected idp or memberships, got "ldap"'])
    expect(parseConfig({ PEOPLE_BACKEND: ' ' }).PEOPLE_BACKEND).toBeUndefined()
  })
})

describe('Accounts rule 5: the first person in', () => {
  it('reads SEED_ADMIN_EMAIL as one address, in lower case', () => {
    expect(parseConfig({ SEED_ADMIN_EMAIL: ' Boss@Example.ORG ', SEED_ADMIN_NAME: 'Bo Boss' })).toMatchObject({
      SEED_ADMIN_EMAIL: 'boss@example.org',
      SEED_ADMIN_NAME: 'Bo Boss',
    })
    for (const value of ['boss', 'boss@example', 'a@b.org,c@d.org', 'Bo <boss@example.org>'])
      expect(problemsOf({ SEED_ADMIN_EMAIL: value })[0], value).toMatch(/^SEED_ADMIN_EMAIL: expected one address/)
  })

  it('Authentication 3: SEED_ADMIN_PHONE must be a phone number, a bare one read with PHONE_COUNTRY', () => {
    expect(parseConfig({ SEED_ADMIN_PHONE: '912 34 567' }).SEED_ADMIN_PHONE).toBe('912 34 567')
    expect(parseConfig({ SEED_ADMIN_PHONE: '+46 70 123 45 67' }).SEED_ADMIN_PHONE).toBe('+46 70 123 45 67')
    expect(problemsOf({ SEED_ADMIN_PHONE: 'call me' })).toEqual([
      'SEED_ADMIN_PHONE: expected a phone number (a bare one gets PHONE_COUNTRY +47)',
    ])
    // One digit short of a Norwegian number.
    expect(problemsOf({ SEED_ADMIN_PHONE: '912 34 56', PHONE_COUNTRY: '+47' })[0]).toMatch(/^SEED_ADMIN_PHONE:/)
    expect(problemsOf({ SEED_ADMIN_PHONE: '12', PHONE_COUNTRY: '+46' })[0]).toContain('PHONE_COUNTRY +46')
  })

  it('takes SEED_ADMIN_EMAIL or SEED_ADMIN_PHONE, not both', () => {
    expect(problemsOf({ SEED_ADMIN_EMAIL: 'boss@example.org', SEED_ADMIN_PHONE: '912 34 567' })).toEqual([
      'SEED_ADMIN_PHONE: set SEED_ADMIN_EMAIL or SEED_ADMIN_PHONE, not both: the first person is invited once, by one of them',
    ])
  })

  it('reads SEED_GROUP as a group name', () => {
    expect(parseConfig({ SEED_GROUP: 'road_crew' }).SEED_GROUP).toBe('road_crew')
    expect(parseConfig({}).SEED_GROUP).toBeUndefined()
    for (const value of ['Road Crew', '1crew', 'crew-a'])
      expect(problemsOf({ SEED_GROUP: value })[0], value).toMatch(/^SEED_GROUP: expected a group name/)
  })

  it('names every people setting that is wrong at once', () => {
    const lines = problemsOf({ PEOPLE_BACKEND: 'x', SEED_ADMIN_EMAIL: 'x', SEED_GROUP: 'X', INVITE_TTL_HOURS: 'x' })
    expect(lines.map((line) => line.split(':')[0]).sort()).toEqual([
      'INVITE_TTL_HOURS',
      'PEOPLE_BACKEND',
      'SEED_ADMIN_EMAIL',
      'SEED_GROUP',
    ])
  })
})

describe('Invite rule 1: INVITE_TTL_HOURS', () => {
  it('is a week by default, and takes decimals', () => {
    expect(parseConfig({}).INVITE_TTL_HOURS).toBe(168)
    expect(parseConfig({ INVITE_TTL_HOURS: '0.5' }).INVITE_TTL_HOURS).toBe(0.5)
    expect(parseConfig({ INVITE_TTL_HOURS: ' 72 ' }).INVITE_TTL_HOURS).toBe(72)
    expect(parseConfig({ INVITE_TTL_HOURS: '8760' }).INVITE_TTL_HOURS).toBe(8760)
  })

  it('is above 0 and at most a year', () => {
    for (const value of ['0', '0.0', '-1', '8760.5', '1e3', '.5', 'a week'])
      expect(problemsOf({ INVITE_TTL_HOURS: value }), value).toEqual([
        `INVITE_TTL_HOURS: expected a number of hours above 0 and at most 8760 (decimals allowed, e.g. 0.5), got ${JSON.stringify(value)}`,
      ])
  })
})
