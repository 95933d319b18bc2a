// Issue 10, replies by mail: the token in a reply address names the case and
// the recipient under an HMAC, runs out after MAIL_REPLY_DAYS, and fits a
// mail address's local part.
import { describe, expect, it } from 'vitest'
import { createReplyAddressReader, isReplyTemplate, replyAddress } from '../../server/mail/replies/reply-address'
import { makeReplyToken, readReplyToken, replyRef, TOKEN_LENGTH } from '../../server/mail/replies/reply-token'

const secret = Buffer.from('a test secret of thirty-two chars!')
const handle = { bucket: 'potholes', record: 'AbCdEfGhIjKlMnOp', to: 'ann@example.org', storyline: 'plain' }
const now = new Date('2026-11-25T12:00:00Z')
const day = 86_400_000

describe('reply tokens', () => {
  const ref = replyRef(secret, 'potholes:AbCdEfGhIjKlMnOp:7')
  const token = makeReplyToken(secret, ref, handle, 90, now)

  it('fit a local part with room for the template, in lowercase base32', () => {
    expect(token).toMatch(/^[a-z2-7]+$/)
    expect(token).toHaveLength(TOKEN_LENGTH)
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64)
  })

  it('the same mail gets the same reference on every attempt', () => {
    expect(replyRef(secret, 'potholes:AbCdEfGhIjKlMnOp:7')).toBe(ref)
    expect(replyRef(secret, 'potholes:AbCdEfGhIjKlMnOp:8')).not.toBe(ref)
  })

  it('checks against the handle it was made for, until its last day is over', () => {
    const read = readReplyToken(secret, token)
    expect(read?.ref).toBe(ref)
    expect(read?.check(handle, now)).toBe('ok')
    expect(read?.check(handle, new Date(now.getTime() + 90 * day))).toBe('ok')
    expect(read?.check(handle, new Date(now.getTime() + 91 * day))).toBe('expired')
  })

  it('an altered token, another case, another recipient or another secret is forged', () => {
    const read = readReplyToken(secret, token)!
    expect(read.check({ ...handle, record: 'AbCdEfGhIjKlMnOq' }, now)).toBe('forged')
    expect(read.check({ ...handle, bucket: 'districts' }, now)).toBe('forged')
    expect(read.check({ ...handle, to: 'eve@example.org' }, now)).toBe('forged')
    expect(readReplyToken(Buffer.from('another secret, also thirty-two!'), token)?.check(handle, now)).toBe('forged')
    for (let i = 0; i < token.length; i++) {
      const flipped = `${token.slice(0, i)}${token[i] === 'a' ? 'b' : 'a'}${token.slice(i + 1)}`
      const altered = readReplyToken(secret, flipped)
      // A changed reference names another handle; a changed day or MAC fails the MAC.
      if (i >= 16) expect(altered?.check(handle, now)).toBe('forged')
      else expect(altered?.ref).not.toBe(ref)
    }
  })

  it('a pushed-back end day does not pass', () => {
    const later = makeReplyToken(secret, ref, handle, 365, now)
    const spliced = `${token.slice(0, 16)}${later.slice(16, 20)}${token.slice(20)}`
    expect(readReplyToken(secret, spliced)?.check(handle, new Date(now.getTime() + 100 * day))).toBe('forged')
  })

  it('what cannot be a token is not read', () => {
    expect(readReplyToken(secret, '')).toBeNull()
    expect(readReplyToken(secret, token.toUpperCase())).toBeNull()
    expect(readReplyToken(secret, `${token}a`)).toBeNull()
    expect(readReplyToken(secret, token.replace(/^./, '1'))).toBeNull()
  })
})

describe('reply addresses (MAIL_REPLY_ADDRESS)', () => {
  it('a template needs {token} once, before the @', () => {
    expect(isReplyTemplate('reply+{token}@example.org')).toBe(true)
    expect(isReplyTemplate('{token}@replies.example.org')).toBe(true)
    expect(isReplyTemplate('reply@example.org')).toBe(false)
    expect(isReplyTemplate('reply+{token}{token}@example.org')).toBe(false)
    expect(isReplyTemplate('reply@{token}.example.org')).toBe(false)
    expect(isReplyTemplate('reply+{token}@exa mple.org')).toBe(false)
  })

  it('reads the token back whatever the case, and nothing from other addresses', () => {
    const read = createReplyAddressReader('reply+{token}@Example.org')
    const address = replyAddress('reply+{token}@Example.org', 'abc234')
    expect(address).toBe('reply+abc234@Example.org')
    expect(read(address)).toBe('abc234')
    expect(read('REPLY+ABC234@EXAMPLE.ORG')).toBe('abc234')
    expect(read('reply+abc234@example.org.evil.test')).toBeNull()
    expect(read('postmaster@example.org')).toBeNull()
    expect(read('reply+@example.org')).toBeNull()
    expect(read('reply+ab.c@example.org')).toBeNull()
  })
})
