// Branding colours and font come from content and are written into a
// stylesheet (theme-asset.ts), where HTML escaping does not apply: only values
// that cannot close a declaration or a rule get through.
import type { Branding } from '../content/model'
import { siteFileUrl } from '../content/paths'

const DEFAULT_COLORS = {
  primary: '#0b5394',
  accent: '#b35c00',
  text: '#1b1b1b',
  background: '#ffffff',
} as const

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const RGB = /^rgba?\(\s*[0-9.%]+(?:\s*[,/]?\s*[0-9.%]+){2,3}\s*\)$/i
const NAMED = /^[a-z]{3,20}$/i

function cssColor(value: string, fallback: string): string {
  const color = value.trim()
  return HEX.test(color) || RGB.test(color) || NAMED.test(color) ? color : fallback
}

/** The CSS for the site's branding; plain defaults without a site. */
export function renderThemeCss(branding?: Branding): string {
  const colors = branding?.colors ?? DEFAULT_COLORS
  const lines = [
    ':root {',
    `  --color-primary: ${cssColor(colors.primary, DEFAULT_COLORS.primary)};`,
    `  --color-accent: ${cssColor(colors.accent, DEFAULT_COLORS.accent)};`,
    `  --color-text: ${cssColor(colors.text, DEFAULT_COLORS.text)};`,
    `  --color-bg: ${cssColor(colors.background, DEFAULT_COLORS.background)};`,
  ]
  const font = branding?.font
  if (font === undefined || font === 'system') return [...lines, '}'].join('\n')
  return [
    '@font-face {',
    '  font-family: "SiteFont";',
    `  src: url("${siteFileUrl(font)}");`,
    '  font-display: swap;',
    '}',
    ...lines,
    '  --font-body: "SiteFont", system-ui, sans-serif;',
    '}',
  ].join('\n')
}
