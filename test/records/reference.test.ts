// A case's short reference: stable (made from its filing's stream sequence),
// unique, unambiguous when read aloud, and read back however it is typed.
import { describe, expect, it } from 'vitest'
import { looksLikeReference, parseReference, referenceOf } from '../../server/records/reference'

describe("a case's short reference", () => {
  it('is six symbols in two groups, without 0, 1, O, I, L or U, and never the same for two filings', () => {
    const seen = new Set<string>()
    for (let seq = 1; seq <= 20_000; seq++) {
      const reference = referenceOf(seq)
      expect(seen.has(reference)).toBe(false)
      seen.add(reference)
    }
    for (const reference of [...seen].slice(0, 1000))
      expect(reference).toMatch(/^[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}$/)
    // Neighbouring filings do not read alike.
    expect(referenceOf(2)).not.toBe(referenceOf(1))
    expect(referenceOf(2).slice(0, 3)).not.toBe(referenceOf(1).slice(0, 3))
  })

  it('grows to eight symbols past 729 million events, still one per filing', () => {
    expect(referenceOf(728_999_999)).toMatch(/^\w{3}-\w{3}$/)
    expect(referenceOf(729_000_000)).toMatch(/^\w{4}-\w{4}$/)
    for (const seq of [729_000_000, 729_000_001, 10_000_000_000]) expect(parseReference(referenceOf(seq))).toBe(seq)
  })

  it('is read back as typed: any case, with or without the dash, with spaces', () => {
    for (const seq of [1, 2, 77, 123_456, 728_999_999]) {
      const reference = referenceOf(seq)
      expect(parseReference(reference)).toBe(seq)
      expect(parseReference(reference.toLowerCase())).toBe(seq)
      expect(parseReference(reference.replace('-', ''))).toBe(seq)
      expect(parseReference(` ${reference.replace('-', ' ')} `)).toBe(seq)
    }
    for (const text of ['', 'MILL-LA', 'K7M-4Q0', 'K7M-4QXZ', 'abc']) expect(parseReference(text)).toBeNull()
    // A word of six letters could be a reference; only a dash, a space or a digit says it was meant as one.
    expect(looksLikeReference('street')).toBe(false)
    expect(looksLikeReference(referenceOf(5))).toBe(true)
  })
})
