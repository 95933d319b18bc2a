// GET /tiles/{z}/{x}/{y}.png: a map tile from the provider, through the
// service so its token stays here. 404 when maps are off or the tile cannot
// exist; 502 when the provider fails. Counted by the rate limit (SPEC 8).
import { defineEventHandler, getRouterParam, setResponseHeaders, setResponseStatus } from 'h3'
import { useTileProxy } from '../../../../server/app/tiles'
import { useConfig } from '../../../../server/config/use-config'
import { TileUpstreamError } from '../../../../server/maps/tile-proxy'
import { readTile } from '../../../../server/maps/tile-url'

export default defineEventHandler(async (event) => {
  const answer = (status: number, text: string) => {
    setResponseStatus(event, status)
    setResponseHeaders(event, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
    return text
  }
  const proxy = useTileProxy(useConfig())
  const tile = readTile(
    getRouterParam(event, 'z') ?? '',
    getRouterParam(event, 'x') ?? '',
    getRouterParam(event, 'y') ?? '',
  )
  if (proxy === null || tile === null) return answer(404, 'No such tile.\n')
  try {
    const found = await proxy.get(tile)
    if (found === null) return answer(404, 'No such tile.\n')
    setResponseHeaders(event, {
      'content-type': found.type,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    })
    return found.bytes
  } catch (error) {
    if (!(error instanceof TileUpstreamError)) throw error
    return answer(502, 'The map provider cannot be reached right now.\n')
  }
})
