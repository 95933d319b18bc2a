// Map tiles through the service: fetched from the provider with the
// service's token (at most 10 s), kept in a bounded memory cache for as long
// as the provider's own Cache-Control allows (an hour when it says nothing, at
// most a week), and a tile asked for by many at once is fetched once.
import { log } from '../log'
import { tileUrl, type TileCoordinates } from './tile-url'

export interface Tile {
  readonly bytes: Buffer
  readonly type: string
}

export interface TileProxy {
  /** Null when the provider has no such tile; throws when it cannot be reached or answers with an error. */
  get(tile: TileCoordinates): Promise<Tile | null>
}

export interface TileProxyOptions {
  readonly template: string
  readonly token: string
  readonly timeoutMs?: number
  /** Bytes kept at most; when full, the oldest tiles go first. */
  readonly maxBytes?: number
  readonly now?: () => number
}

const HOUR_MS = 3_600_000
const TILE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/webp'])
const MAX_TILE_BYTES = 1024 * 1024
const WEEK_MS = 7 * 24 * HOUR_MS

export class TileUpstreamError extends Error {
  override readonly name = 'TileUpstreamError'
}

// As long as the provider allows: its max-age (at most a week), nothing for no-store, no-cache or private,
// an hour when it says nothing.
function keepFor(cacheControl: string | null): number {
  if (cacheControl !== null && /\b(no-store|no-cache|private)\b/i.test(cacheControl)) return 0
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl ?? '')?.[1]
  return Math.min(WEEK_MS, maxAge === undefined ? HOUR_MS : Number(maxAge) * 1000)
}

/** The body, read no further than `limit` bytes; null when it is longer. */
async function readAtMost(response: Response, limit: number): Promise<Buffer | null> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  if (reader === undefined) return Buffer.alloc(0)
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length
    if (size > limit) {
      await reader.cancel()
      return null
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks)
}

export function createTileProxy(options: TileProxyOptions): TileProxy {
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const now = options.now ?? Date.now
  // A Map keeps insertion order: re-inserting on use makes the first entry the least recently used.
  const cache = new Map<string, { tile: Tile; until: number }>()
  const pending = new Map<string, Promise<Tile | null>>()
  let bytes = 0

  const remember = (key: string, tile: Tile, forMs: number) => {
    if (forMs === 0 || tile.bytes.length > maxBytes / 16) return
    cache.set(key, { tile, until: now() + forMs })
    bytes += tile.bytes.length
    for (const [oldest, entry] of cache) {
      if (bytes <= maxBytes) break
      cache.delete(oldest)
      bytes -= entry.tile.bytes.length
    }
  }

  const fetchTile = async (key: string, coordinates: TileCoordinates): Promise<Tile | null> => {
    let response: Response
    try {
      response = await fetch(tileUrl(options.template, options.token, coordinates), {
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      })
    } catch (error) {
      throw new TileUpstreamError(`[svc] [maps] the tile provider did not answer: ${String(error)}`)
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    const declared = Number(response.headers.get('content-length') ?? 0)
    // Only raster tiles, and small ones: nothing the provider sends is served as a page or a script of this site.
    if (response.status === 404 || !response.ok || !TILE_TYPES.has(type) || declared > MAX_TILE_BYTES) {
      await response.body?.cancel()
      if (response.status === 404) return null
      throw new TileUpstreamError(`[svc] [maps] the tile provider answered ${response.status} ${type}`)
    }
    let bytes: Buffer | null
    try {
      bytes = await readAtMost(response, MAX_TILE_BYTES)
    } catch (error) {
      throw new TileUpstreamError(`[svc] [maps] the tile provider stopped sending: ${String(error)}`)
    }
    if (bytes === null) throw new TileUpstreamError('[svc] [maps] the tile provider sent too much')
    const tile = { bytes, type }
    remember(key, tile, keepFor(response.headers.get('cache-control')))
    return tile
  }

  return {
    async get(coordinates) {
      const key = `${coordinates.z}/${coordinates.x}/${coordinates.y}`
      const kept = cache.get(key)
      if (kept !== undefined && kept.until > now()) {
        cache.delete(key)
        cache.set(key, kept)
        return kept.tile
      }
      if (kept !== undefined) {
        cache.delete(key)
        bytes -= kept.tile.bytes.length
      }
      const inFlight = pending.get(key)
      if (inFlight !== undefined) return inFlight
      const fetching = fetchTile(key, coordinates).finally(() => pending.delete(key))
      pending.set(key, fetching)
      return fetching.catch((error: unknown) => {
        log('warn', 'maps', String(error instanceof Error ? error.message : error), { tile: key })
        throw error
      })
    },
  }
}
