// A case's short reference, for people to read aloud, type and quote: made
// from the stream sequence of the record's filing, which no other filing
// has, so two cases never share one (across buckets too) and the reference
// never changes. The sequence is spread by a fixed bijection, so neighbouring
// cases do not get neighbouring references and a reference does not say at a
// glance how many cases there are; it is no secret either (the case page and
// the desk are what guard a case). Thirty symbols: digits and capitals
// without 0, 1, O, I, L and U, which are misread or misheard. Six symbols
// (K7M-4QX) cover the first 729 million events, eight (K7MP-4QXR) after.
const SYMBOLS = '23456789ABCDEFGHJKMNPQRSTVWXYZ'
const BASE = BigInt(SYMBOLS.length)
// Coprime to 30, so multiplying by it modulo 30^n is a bijection.
const SPREAD = 282_475_249n
const OFFSET = 123_456_789n

const SHORT = 6
const LONG = 8
const size = (symbols: number) => BASE ** BigInt(symbols)
const SHORT_SIZE = size(SHORT)

function inverse(a: bigint, m: bigint): bigint {
  let [r0, r1, t0, t1] = [m, a % m, 0n, 1n]
  while (r1 !== 0n) {
    const q = r0 / r1
    ;[r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1]
  }
  return ((t0 % m) + m) % m
}

const spelled = (value: bigint, symbols: number) => {
  let text = ''
  for (let i = 0; i < symbols; i++) {
    text = SYMBOLS[Number(value % BASE)]! + text
    value /= BASE
  }
  return `${text.slice(0, symbols / 2)}-${text.slice(symbols / 2)}`
}

/** The reference of the record whose filing is stream sequence `filedSeq` (from 1). */
export function referenceOf(filedSeq: number): string {
  const seq = BigInt(filedSeq)
  const symbols = seq < SHORT_SIZE ? SHORT : LONG
  const modulus = size(symbols)
  return spelled((seq * SPREAD + OFFSET) % modulus, symbols)
}

/**
 * The filing sequence a reference stands for, as people type it (any case,
 * with or without the dash or spaces); null for anything that is not one.
 */
export function parseReference(text: string): number | null {
  const compact = text.toUpperCase().replace(/[\s-]/g, '')
  if ((compact.length !== SHORT && compact.length !== LONG) || ![...compact].every((c) => SYMBOLS.includes(c)))
    return null
  let value = 0n
  for (const c of compact) value = value * BASE + BigInt(SYMBOLS.indexOf(c))
  const modulus = size(compact.length)
  const seq = (((((value - OFFSET) % modulus) + modulus) % modulus) * inverse(SPREAD, modulus)) % modulus
  // Each sequence has one spelling: a long one for a sequence a short one covers is none.
  const fits = compact.length === SHORT ? seq >= 1n : seq >= SHORT_SIZE
  return fits && seq <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(seq) : null
}

/** Whether `text` was written as a reference rather than as a word: with its dash or space, or holding a digit. */
export function looksLikeReference(text: string): boolean {
  const trimmed = text.trim()
  return parseReference(trimmed) !== null && (/[\s-]/.test(trimmed) || /\d/.test(trimmed))
}
