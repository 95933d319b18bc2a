// Issue 26 journey 1: signing in with a provider-verified address or phone that
// a case names as its contact makes the case theirs. Sign-in keeps only what
// the provider verified (test/security/unverified-addresses.test.ts), so the
// principal's address and phone here stand for verified ones.
import { describe, expect, it } from 'vitest'
import type { Bucket } from '../../server/content/model'
import { ownsRecord, type Caller } from '../../server/policy/questions'
import { demoPothole, loadDemo } from '../support/demo-site'

const demo = await loadDemo()
const potholes = demo.buckets.get('potholes')!
// The demo's phone field is no contact; a site may make it one.
const byPhone: Bucket = {
  ...potholes,
  fields: potholes.fields.map((field) => (field.name === 'phone' ? { ...field, contact: true } : field)),
}
const view = demoPothole({
  submitter: 'session:someone-else',
  fields: { street: 'Mill Lane 4', email: 'ann@example.org', phone: '+4791234501' },
})
const signedIn = (principal: { email?: string; phone?: string }): Caller => ({
  principal: { subject: 'sub-1', groups: [], ...principal },
  submitter: 'sub-1',
})

describe("issue 26 journey 1: a case naming a person's verified contact is theirs", () => {
  it('by address, whatever the case of its ASCII letters, never by a look-alike', () => {
    expect(ownsRecord(signedIn({ email: 'Ann@Example.org' }), potholes, view)).toBe(true)
    expect(ownsRecord(signedIn({ email: '\u212Aann@example.org' }), potholes, view)).toBe(false)
    expect(ownsRecord(signedIn({ email: 'bob@example.org' }), potholes, view)).toBe(false)
  })

  it("by phone, when the bucket's phone field is a contact", () => {
    expect(ownsRecord(signedIn({ phone: '+4791234501' }), byPhone, view)).toBe(true)
    expect(ownsRecord(signedIn({ phone: '+4791234502' }), byPhone, view)).toBe(false)
    // A phone field that is not the case's contact gives nobody the case.
    expect(ownsRecord(signedIn({ phone: '+4791234501' }), potholes, view)).toBe(false)
  })

  it("never in a sign_in: none bucket, whose cases are nobody's", () => {
    const none: Bucket = { ...byPhone, signIn: 'none' }
    expect(ownsRecord(signedIn({ email: 'ann@example.org', phone: '+4791234501' }), none, view)).toBe(false)
  })
})
