// A real HTTP tile provider for tests, on a loopback port it picks: answers
// /tiles/{z}/{x}/{y}.png?key=… with a small PNG, notes every request, and can
// be told to fail or to stall.
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'

type Mode = 'ok' | 'error' | 'stall' | 'svg'

export interface TestTiles {
  /** MAP_TILE_URL for this server. */
  readonly template: string
  readonly requests: string[]
  mode(next: Mode): void
  stop(): Promise<void>
}

export async function startTileServer(): Promise<TestTiles> {
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#d8e6c8' } })
    .png()
    .toBuffer()
  const requests: string[] = []
  let mode: Mode = 'ok'
  const server = createServer((req: IncomingMessage, res) => {
    requests.push(req.url ?? '')
    if (mode === 'stall') return
    if (mode === 'error') return void res.writeHead(500).end('upstream broke')
    if (mode === 'svg')
      return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg onload="alert(1)"/>')
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=7200' }).end(png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png?key={token}`,
    requests,
    mode(next) {
      mode = next
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
