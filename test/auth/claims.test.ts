import { describe, expect, it } from 'vitest'
import { readUser } from '../../server/sign-in/claims'
import { readPublicUrl, readScopes, readSignInSettings } from '../../server/sign-in/sign-in-settings'

const PLAIN = { wantsPhone: false, phoneCountry: '+47', groupPrefix: '' }

describe("the signed-in person from the provider's claims", () => {
  it(
    'Authentication 4 (Runtime configuration: IDP_GROUP_PREFIX): reads groups from the ID token and userinfo, ' +
      "stripping a shared provider's prefix and ignoring other sites' groups",
    () => {
      const options = { ...PLAIN, groupPrefix: 'northvale_' }
      const user = readUser(
        { sub: 's1', groups: ['northvale_caseworkers', 'other_admins'] },
        { sub: 's1', groups: ['northvale_volunteers', 'northvale_caseworkers', 'northvale_'] },
        options,
      )
      expect(user).toEqual({ subject: 's1', groups: ['caseworkers', 'volunteers'] })
      expect(readUser({ sub: 's1', groups: 'road_crew' }, {}, PLAIN).groups).toEqual(['road_crew'])
    },
  )

  it(
    'Authentication 2 and 3: reads the phone number from userinfo only when a phone scope was asked for, ' +
      'completing a bare number',
    () => {
      const userinfo = { sub: 's1', phone_number: '912 34 567', phone_number_verified: true }
      expect(readUser({ sub: 's1' }, userinfo, PLAIN).phone).toBeUndefined()
      expect(readUser({ sub: 's1' }, userinfo, { ...PLAIN, wantsPhone: true }).phone).toBe('+4791234567')
      expect(readUser({ sub: 's1' }, userinfo, { ...PLAIN, wantsPhone: true, phoneCountry: '+46' }).phone).toBe(
        '+4691234567',
      )
      expect(
        readUser({ sub: 's1', phone_number: '+4799999999' }, {}, { ...PLAIN, wantsPhone: true }).phone,
      ).toBeUndefined()
      expect(
        readUser(
          { sub: 's1' },
          { phone_number: 'call me', phone_number_verified: true },
          { ...PLAIN, wantsPhone: true },
        ).phone,
      ).toBeUndefined()
    },
  )

  it('keeps name and email, but not an address the provider says is unverified', () => {
    expect(readUser({ sub: 's1', name: 'Kari' }, { email: 'Kari@Example.org', email_verified: true }, PLAIN)).toEqual({
      subject: 's1',
      name: 'Kari',
      email: 'kari@example.org',
      groups: [],
    })
    expect(readUser({ sub: 's1' }, { email: 'kari@example.org', email_verified: false }, PLAIN).email).toBeUndefined()
  })

  it('refuses an ID token without a subject', () => {
    expect(() => readUser({}, {}, PLAIN)).toThrow(/no subject/)
  })
})

describe('sign-in settings', () => {
  it(
    'Authentication 2 and 9 (Runtime configuration: OIDC_EXTRA_SCOPES): asks for openid profile email plus ' +
      'OIDC_EXTRA_SCOPES, space or comma separated',
    () => {
      expect(readScopes(undefined)).toEqual(['openid', 'profile', 'email'])
      expect(readScopes('phoneNumber, groups  email')).toEqual(['openid', 'profile', 'email', 'phoneNumber', 'groups'])
    },
  )

  it('reads the phone number when phoneNumber or phone is among the scopes', () => {
    const provider = { issuer: new URL('https://idp.example'), clientId: 'c', clientSecret: 's' }
    const settings = (extra?: string) =>
      readSignInSettings({ OIDC_EXTRA_SCOPES: extra }, provider, 'https://site.example')
    expect(settings().wantsPhone).toBe(false)
    expect(settings('phoneNumber').wantsPhone).toBe(true)
    expect(settings('phone').wantsPhone).toBe(true)
    expect(settings().callbackUrl).toBe('https://site.example/auth/callback')
    expect(settings().phoneCountry).toBe('+47')
  })

  it('Runtime configuration: PUBLIC_URL: defaults to localhost in development only', () => {
    expect(readPublicUrl({ PUBLIC_URL: 'https://site.example/' }, false)).toBe('https://site.example')
    expect(readPublicUrl({ PORT: '8080' }, true)).toBe('http://localhost:8080')
    expect(readPublicUrl({}, true)).toBe('http://localhost:3000')
    expect(readPublicUrl({}, false)).toBeNull()
  })
})
