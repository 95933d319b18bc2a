// Requests the way an attacker sends them: the path exactly as written (fetch
// would resolve dot segments and encode), any method, any header, and from a
// chosen loopback address, so each test can be its own caller to the rate limit.
import { request } from 'node:http'
import { connect } from 'node:net'

export interface RawOptions {
  readonly method?: string
  readonly headers?: Record<string, string>
  readonly body?: string
  /** A loopback source address such as 127.0.0.7: a caller of its own. */
  readonly from?: string
}

export interface RawResponse {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

export function rawRequest(base: string, path: string, options: RawOptions = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // Node frames a body by itself only for methods that usually carry one.
    const length = options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) }
    const headers = { ...length, ...options.headers }
    const req = request(
      `${base}/`,
      { method: options.method ?? 'GET', path, headers, localAddress: options.from, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/**
 * One request written by hand on a fresh connection, and every byte the
 * server sent until it closed: what a HEAD answer carries after its headers
 * shows here, where an HTTP client would skip it.
 */
export function rawExchange(base: string, head: string): Promise<{ head: string; rest: string }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve) => {
    // Written, not ended: a half-closed connection reads to the server as a caller gone.
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(head))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    // A server that refuses a request may reset the connection right after
    // its answer: what arrived before the reset is the answer.
    socket.on('error', () => undefined)
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1')
      const end = text.indexOf('\r\n\r\n')
      resolve(end < 0 ? { head: text, rest: '' } : { head: text.slice(0, end), rest: text.slice(end + 4) })
    })
  })
}
