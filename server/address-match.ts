// When two e-mail addresses are one person's: a provider's verified address
// against an invite, the seed, a responsible person in content, the directory
// of people seen signing in, a policy's `principal.email`. Compared after
// NFKC and case folding, `\u212Aate@example.org` (Kelvin sign), `ｋate@…`
// (full width) and `kate@example.org` are one address; but a mail system
// delivers each to whichever mailbox has that exact name, so a provider that
// verified one has verified none of the others. Two addresses therefore match
// only when they are the same after NFC, ignoring the case of ASCII letters
// (which mail hosts have always ignored), and never when it takes
// compatibility mapping or Unicode case folding to make them equal.

/** The form an address is kept and matched in: equal keys are the same address, and a key is its own key. */
export function addressKey(address: string): string {
  const given = address.trim()
  const composed = given.normalize('NFC')
  // NFC maps a few signs straight to ASCII letters (the Kelvin sign to K): such
  // an address is kept as given, so it never becomes the ASCII address it imitates.
  const kept = asciiCount(composed) > asciiCount(given) ? given : composed
  return kept.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** Whether two addresses are one mailbox (see above). */
export function sameAddress(a: string, b: string): boolean {
  return addressKey(a) === addressKey(b)
}

const asciiCount = (text: string): number => [...text].filter((char) => char < '\u0080').length
