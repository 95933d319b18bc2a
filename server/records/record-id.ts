// What every record id looks like, however it was made.

/**
 * 16 URL-safe characters from at least 12 bytes. Never a leading `-` or `_`:
 * a cell starting with `-` is a formula to a spreadsheet, so the desk's CSV
 * would have to quote the id people search for.
 */
export function recordIdOf(bytes: Buffer): string {
  const id = bytes.toString('base64url').slice(0, 16)
  return /^[-_]/.test(id) ? `x${id.slice(1)}` : id
}
