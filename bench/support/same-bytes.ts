// The reference every page figure is a ratio against: a bare node:http
// server answering the very bytes the service sent, with its content type.
import { createServer, get, type Server } from 'node:http'
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

/**
 * One GET on a fresh connection: a pooled one may have been closed by the
 * server's keep-alive timeout during the previous run.
 */
export function getOnce(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; contentType: string }> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks),
          contentType: response.headers['content-type'] ?? 'text/html',
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}
