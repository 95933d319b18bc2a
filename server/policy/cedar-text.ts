// Literals for policy text built from content. Names are plain by the content
// rules, but page paths, addresses and phone numbers come from authors, and one
// stray quote must not change what a policy says.

export function cedarString(value: string): string {
  const escaped = value
    .replace(/[\\"]/g, (c) => `\\${c}`)
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`)
  return `"${escaped}"`
}

export function cedarStringSet(values: readonly string[]): string {
  return `[${values.map(cedarString).join(', ')}]`
}

/** A policy id and its text, in the order they are compiled. */
export type CompiledPolicy = readonly [id: string, text: string]
