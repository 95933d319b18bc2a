// SPEC 2, Invite rule 2: an identity provider may hand an invite link's end
// over as seconds since the epoch (a number, or digits in a string); that is
// how it is read, never as milliseconds. A date in ISO form is read too.

/** Seconds since the epoch, or null when the value says nothing readable. */
export function readLinkEnd(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.floor(value) : null
  if (typeof value !== 'string') return null
  const text = value.trim()
  if (/^\d{1,12}$/.test(text)) return Number(text)
  const time = Date.parse(text)
  return Number.isNaN(time) ? null : Math.floor(time / 1000)
}
