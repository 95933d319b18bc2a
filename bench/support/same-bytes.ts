// The reference every page figure is a ratio against: a bare node:http
// server answering the very bytes the service sent, with its content type.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SameBytes {
  readonly url: string
  close(): Promise<void>
}

export async function serveSameBytes(body: Buffer, contentType: string): Promise<SameBytes> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': contentType, 'content-length': body.length })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
