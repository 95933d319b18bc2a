// Mail placeholders. A value is what someone typed into a form, so in the
// Markdown body it is escaped to read as the text it is, never as markup.
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g
const INLINE_MARKUP = /[\\`*_[\]<>&~|]/g
// A number starts a list only when a space or the line's end follows it.
const LINE_MARKUP = /(^|\n)([ \t]*)(#|=|\+|-|\d{1,9}[.)](?=[ \t\n]|$))/g

/** Replaces each known `{{name}}`; an unknown one stays as written (the lint refuses those). */
export function fillPlaceholders(template: string, valueOf: (name: string) => string | undefined): string {
  return template.replace(PLACEHOLDER, (written, name: string) => valueOf(name) ?? written)
}

export function markdownText(value: string): string {
  return value
    .replace(INLINE_MARKUP, '\\$&')
    .replace(
      LINE_MARKUP,
      (_, start: string, indent: string, marker: string) => `${start}${indent}${escapeMarker(marker)}`,
    )
}

// `1.` starts a list, `1\.` does not; the other markers are single characters.
function escapeMarker(marker: string): string {
  return marker.length === 1 ? `\\${marker}` : `${marker.slice(0, -1)}\\${marker.slice(-1)}`
}
