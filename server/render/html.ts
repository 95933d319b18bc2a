// The one escaping layer for HTML. Markup is only ever built through `html`,
// so a value can reach a page unescaped only by passing through `raw`.

// Only this module can mint SafeHtml: the key is never exported.
const TRUSTED: unique symbol = Symbol('SafeHtml')

export interface SafeHtml {
  readonly [TRUSTED]: string
  toString(): string
}

export type Interpolation = string | number | SafeHtml | null | undefined | false | readonly Interpolation[]

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
}

function trusted(markup: string): SafeHtml {
  return { [TRUSTED]: markup, toString: () => markup }
}

function isSafeHtml(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && TRUSTED in value
}

function serialize(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return ''
  if (isSafeHtml(value)) return value[TRUSTED]
  if (Array.isArray(value)) return value.map(serialize).join('')
  return escapeHtml(String(value))
}

/** Builds markup; every interpolated value is escaped unless it is already SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: readonly Interpolation[]): SafeHtml {
  let markup = strings[0] ?? ''
  values.forEach((value, index) => {
    markup += serialize(value) + (strings[index + 1] ?? '')
  })
  return trusted(markup)
}

/** Marks markup the caller vouches for, such as markdown-it's output. */
export function raw(markup: string): SafeHtml {
  return trusted(markup)
}

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])

/**
 * The URL when it is safe for an href/src attribute (http, https, mailto, tel
 * or a path on this site), else undefined. The result must still be escaped.
 */
export function safeUrl(value: string): string | undefined {
  // Browsers drop tabs and newlines anywhere and controls/spaces at the ends
  // before reading the scheme, so `java\tscript:` must be judged as `javascript:`.
  const url = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]
  if (scheme !== undefined) return ALLOWED_SCHEMES.has(scheme.toLowerCase()) ? url : undefined
  // `//host` and its backslash spellings leave the site despite having no scheme.
  if (/^[\\/]{2}/.test(url)) return undefined
  // A colon before the first separator would read as a scheme to some parser.
  if (/^[^/?#]*:/.test(url)) return undefined
  return url
}
