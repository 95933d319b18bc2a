// The branding's CSS as a file of its own, named by its hash, so pages load
// it like any stylesheet and the Content-Security-Policy needs no inline style.
import { createHash } from 'node:crypto'
import type { Branding } from '../content/model'
import { renderThemeCss } from './theme'

export const THEME_PATH = '/pkg/theme/'

export interface ThemeAsset {
  readonly href: string
  readonly css: string
}

const made = new WeakMap<object, ThemeAsset>()
const DEFAULT = {}

/** The theme of `branding` (the plain defaults without one); worked out once per content load. */
export function themeAsset(branding?: Branding): ThemeAsset {
  const key = branding ?? DEFAULT
  const known = made.get(key)
  if (known !== undefined) return known
  const css = renderThemeCss(branding)
  const hash = createHash('sha256').update(css).digest('base64url').slice(0, 16)
  const asset = { href: `${THEME_PATH}${hash}.css`, css }
  made.set(key, asset)
  return asset
}
