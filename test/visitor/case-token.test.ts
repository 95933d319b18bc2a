// Issue 26 journey 1: the capability in a mail's case link opens that one
// case until MAIL_REPLY_DAYS after the mail, and nothing else.
import { describe, expect, it } from 'vitest'
import { checkCaseToken, createCaseSigner, makeCaseToken } from '../../server/visitor/case-token'

const secret = Buffer.from('a test secret of thirty-two chars!')
const now = new Date('2026-11-25T12:00:00Z')
const day = 86_400_000

describe('issue 26 journey 1: case tokens', () => {
  const token = createCaseSigner(secret, 90)('potholes', 'AbCdEfGhIjKlMnOp', now)

  it('open their own case until the last of their days, and are short enough for a link', () => {
    expect(token).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{22}$/)
    expect(checkCaseToken(secret, token, 'potholes', 'AbCdEfGhIjKlMnOp', now)).toBe(true)
    expect(
      checkCaseToken(secret, token, 'potholes', 'AbCdEfGhIjKlMnOp', new Date(now.getTime() + 90 * day - 1000)),
    ).toBe(true)
  })

  it('issue 26 journey 1: an expired token opens nothing, and its end cannot be pushed back', () => {
    const past = makeCaseToken(secret, 'potholes', 'AbCdEfGhIjKlMnOp', new Date(now.getTime() - 1000))
    expect(checkCaseToken(secret, past, 'potholes', 'AbCdEfGhIjKlMnOp', now)).toBe(false)
    const [, tag] = past.split('.')
    const later = `${Math.floor((now.getTime() + day) / 1000).toString(36)}.${tag}`
    expect(checkCaseToken(secret, later, 'potholes', 'AbCdEfGhIjKlMnOp', now)).toBe(false)
  })

  it('issue 26 journey 1: an altered or other-case token opens nothing', () => {
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect(checkCaseToken(secret, flipped, 'potholes', 'AbCdEfGhIjKlMnOp', now)).toBe(false)
    expect(checkCaseToken(secret, token, 'potholes', 'QqCdEfGhIjKlMnOp', now)).toBe(false)
    expect(checkCaseToken(secret, token, 'graffiti', 'AbCdEfGhIjKlMnOp', now)).toBe(false)
    expect(
      checkCaseToken(Buffer.from('another secret of thirty-two chars'), token, 'potholes', 'AbCdEfGhIjKlMnOp', now),
    ).toBe(false)
    for (const odd of [undefined, '', 'x', ['a'], `${token}x`, token.replace('.', '-')])
      expect(checkCaseToken(secret, odd, 'potholes', 'AbCdEfGhIjKlMnOp', now)).toBe(false)
  })
})
