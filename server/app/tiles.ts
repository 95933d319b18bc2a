// The process-wide tile proxy: one cache per instance, made at the first
// tile; null when MAP_TOKEN is unset (maps are off, SPEC 7 rule 3).
import type { Config } from '../config/schema'
import { createTileProxy, type TileProxy } from '../maps/tile-proxy'

let proxy: TileProxy | null | undefined

export function useTileProxy(config: Config): TileProxy | null {
  if (proxy === undefined)
    proxy =
      config.MAP_TOKEN === undefined
        ? null
        : createTileProxy({ template: config.MAP_TILE_URL, token: config.MAP_TOKEN })
  return proxy
}
