// A real h3 app on 127.0.0.1:0 whose one handler reads the posted form, so
// the tests see status codes and limits exactly as a browser would.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp, eventHandler, isError, toNodeListener } from 'h3'
import { isUploadedFile } from '../../server/forms/form-body'
import { readFormBody, type ReadFormOptions } from '../../utils/read-form-body'

/** What the handler saw when readFormBody refused a body. */
export interface Refusal {
  readonly status: number
  /** Bytes the server had taken off the socket, headers included. */
  readonly bytesRead: number
}

export interface FormServer {
  readonly url: string
  readonly refusals: Refusal[]
  close(): Promise<void>
}

export async function serveForm(options: ReadFormOptions): Promise<FormServer> {
  const refusals: Refusal[] = []
  const app = createApp()
  app.use(
    eventHandler(async (event) => {
      try {
        const body = await readFormBody(event, options)
        const shown = [...body].map(([name, value]): [string, unknown] =>
          isUploadedFile(value) ? [name, { ...value, bytes: new TextDecoder().decode(value.bytes) }] : [name, value],
        )
        return Object.fromEntries(shown)
      } catch (error) {
        refusals.push({ status: isError(error) ? error.statusCode : 500, bytesRead: event.node.req.socket.bytesRead })
        throw error
      }
    }),
  )
  const server: Server = createServer(toNodeListener(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    refusals,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * Posts `total` bytes in 64 KB chunks, as fast as the server takes them, and
 * stops sending once the answer arrives.
 */
export function postStream(url: string, headers: Record<string, string>, total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let answered = false
    let sent = 0
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true
      res.resume()
      resolve(res.statusCode ?? 0)
      req.destroy()
    })
    req.on('error', (error) => answered || reject(error))
    const pump = (): void => {
      while (!answered && sent < total) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!answered) req.end()
    }
    pump()
  })
}
