// MAP_TILE_URL: where the tile proxy fetches a tile. Only z, x and y come
// from a request, and only as range-checked integers; the token is filled
// in here and never reaches a browser.

/** MapTiler's raster "streets" tiles, which need a key (MAP_TOKEN); see docs/maps.md for their terms. */
export const DEFAULT_TILE_URL = 'https://api.maptiler.com/maps/streets-v2/256/{z}/{x}/{y}.png?key={token}'
export const DEFAULT_ATTRIBUTION = '© MapTiler © OpenStreetMap contributors'

export const MAX_ZOOM = 19

export function isTileTemplate(template: string): boolean {
  if (!/^https?:\/\//i.test(template)) return false
  const probe = template.replace('{z}', '1').replace('{x}', '1').replace('{y}', '1').replace('{token}', 't')
  return ['{z}', '{x}', '{y}'].every((part) => template.includes(part)) && URL.canParse(probe)
}

export interface TileCoordinates {
  readonly z: number
  readonly x: number
  readonly y: number
}

/** The tile a request names, or null unless 0 ≤ z ≤ 19 and 0 ≤ x, y < 2^z, written as plain integers. */
export function readTile(z: string, x: string, y: string): TileCoordinates | null {
  const integer = (text: string) => (/^(0|[1-9]\d{0,6})$/.test(text) ? Number(text) : null)
  const zoom = integer(z)
  const column = integer(x)
  const row = integer(y.replace(/\.png$/, ''))
  if (zoom === null || column === null || row === null || zoom > MAX_ZOOM || !y.endsWith('.png')) return null
  const size = 2 ** zoom
  return column < size && row < size ? { z: zoom, x: column, y: row } : null
}

export function tileUrl(template: string, token: string, { z, x, y }: TileCoordinates): string {
  return template
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{token}', encodeURIComponent(token))
}
