// The form's CSRF value for a visitor without a session is signed with a key
// made once per secret (docs/performance.md): the value must stay the HMAC of
// the visitor cookie under the shared secret, so every instance, and tokens
// issued before the key was kept, agree; and a value made under another
// secret or for another visitor cookie must still be refused.
import { createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { formToken, isFormToken } from '../../server/forms/form-token'

const visitor = 'AAAAAAAAAAAAAAAAAAAAAA'

describe('the form token of a visitor without a session', () => {
  it('is the HMAC of the visitor cookie under the shared secret, on first use and when remembered', () => {
    const secret = randomBytes(32)
    const expected = createHmac('sha256', secret).update(`svc-form\n${visitor}`).digest('base64url')
    expect(formToken(secret, visitor)).toBe(expected)
    expect(formToken(secret, visitor)).toBe(expected)
    // Another Buffer holding the same bytes (another instance reading the same key) signs alike.
    expect(formToken(Buffer.from(secret), visitor)).toBe(expected)
  })

  it('refuses a token made under another secret', () => {
    const secret = randomBytes(32)
    const forged = formToken(randomBytes(32), visitor)
    expect(isFormToken(secret, visitor, forged)).toBe(false)
    expect(isFormToken(secret, visitor, formToken(secret, visitor))).toBe(true)
  })

  it("refuses another visitor's token", () => {
    const secret = randomBytes(32)
    const other = formToken(secret, 'BBBBBBBBBBBBBBBBBBBBBB')
    expect(isFormToken(secret, visitor, other)).toBe(false)
  })
})
