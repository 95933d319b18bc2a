// GET /tiles/{z}/{x}/{y}.png: a map tile from the provider, through the
// service so its token stays here. 404 when maps are off or the tile cannot
// exist; 502 when the provider fails. Counted by the rate limit (SPEC 8).
import { defineEventHandler, getRouterParam, setResponseHeaders } from 'h3'
import { useTileProxy } from '../../../../server/app/tiles'
import { useConfig } from '../../../../server/config/use-config'
import { TileUpstreamError } from '../../../../server/maps/tile-proxy'
import { readTile } from '../../../../server/maps/tile-url'
import { sendPlainText } from '../../../../utils/plain-text'

export default defineEventHandler(async (event) => {
  const proxy = useTileProxy(useConfig())
  const tile = readTile(
    getRouterParam(event, 'z') ?? '',
    getRouterParam(event, 'x') ?? '',
    getRouterParam(event, 'y') ?? '',
  )
  if (proxy === null || tile === null) return sendPlainText(event, 404, 'plain.no-tile')
  try {
    const found = await proxy.get(tile)
    if (found === null) return sendPlainText(event, 404, 'plain.no-tile')
    setResponseHeaders(event, {
      'content-type': found.type,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    })
    return found.bytes
  } catch (error) {
    if (!(error instanceof TileUpstreamError)) throw error
    return sendPlainText(event, 502, 'plain.tiles-unavailable')
  }
})
