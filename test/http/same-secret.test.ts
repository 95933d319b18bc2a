// Comparing what a caller presents with what is expected: the automation
// token through digests (its length is the operator's), form tokens and CSRF
// values byte by byte (their length is in every page).
import { describe, expect, it } from 'vitest'
import { sameSecret, sameToken } from '../../server/http/same-secret'

const TOKEN = 'S2CWy5utYKQ33kImgh9zpUwieElu8t239_r3XUCCcJs'

describe('comparing secrets', () => {
  it.each([
    ['the same token', TOKEN, true],
    ['one character changed', `${TOKEN.slice(0, -1)}t`, false],
    ['a prefix of it', TOKEN.slice(0, 20), false],
    ['it with more after', `${TOKEN}x`, false],
    ['empty', '', false],
    // As many characters as the token, more bytes: refused, never a thrown length error.
    ['as many characters, some of several bytes', `${TOKEN.slice(0, -2)}éé`, false],
  ])('a form token or CSRF value against %s', (_, presented, same) => {
    expect(sameToken(TOKEN, presented)).toBe(same)
    expect(sameSecret(TOKEN, presented)).toBe(same)
  })
})
