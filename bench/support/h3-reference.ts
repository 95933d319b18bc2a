// The framework's own share of a filing: a minimal h3 app whose one handler
// reads a url-encoded form (readBody) and publishes it to JetStream, awaiting
// the ack, with none of the service's session, CSRF, policy, validation or
// projection. It runs in a worker thread of the bench, so it has an event loop
// of its own as the service has a process, and it cannot outlive the bench.
// The worker runs the bench's own bundle: the bench calls serveH3Reference()
// where it is not on the main thread. With kind 'node:http' the same handler
// is written on node:http alone (the floor under h3 too).
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { createApp, createRouter, defineEventHandler, readBody, sendRedirect, toNodeListener } from 'h3'
import { createServer, type IncomingMessage, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parentPort, Worker, workerData } from 'node:worker_threads'

export interface H3Reference {
  readonly url: string
  stop: () => Promise<void>
}

export type ReferenceKind = 'h3' | 'node:http'

/** The reference on a loopback port, publishing to the nats-server at `natsUrl`; `action` is the path it answers. */
export async function startH3Reference(
  natsUrl: string,
  action: string,
  kind: ReferenceKind = 'h3',
): Promise<H3Reference> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { natsUrl, action, kind } })
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`[svc] [bench] the h3 reference ended with ${code}`)))
  })
  return {
    url,
    stop: async () => {
      await worker.terminate()
    },
  }
}

export async function serveH3Reference(): Promise<void> {
  const { natsUrl, action, kind } = workerData as { natsUrl: string; action: string; kind: ReferenceKind }
  const nc = await connect({ servers: natsUrl })
  const stream = kind === 'h3' ? 'h3' : 'http'
  await (
    await jetstreamManager(nc)
  ).streams.add({ name: `BENCH_${stream.toUpperCase()}`, subjects: [`bench.${stream}.>`] })
  const js = jetstream(nc)
  let n = 0
  const listener: RequestListener =
    kind === 'h3'
      ? toNodeListener(
          createApp().use(
            createRouter().post(
              action,
              defineEventHandler(async (event) => {
                const body = await readBody<Record<string, string>>(event)
                await js.publish(`bench.h3.${n++}`, JSON.stringify(body))
                return sendRedirect(event, '/?filed', 303)
              }),
            ),
          ),
        )
      : (request, response) => {
          if (request.method !== 'POST' || request.url !== action) {
            response.writeHead(404).end()
            return
          }
          readForm(request)
            .then((body) => js.publish(`bench.http.${n++}`, JSON.stringify(body)))
            .then(
              () => response.writeHead(303, { location: '/?filed', 'content-length': 0 }).end(),
              () => response.writeHead(500, { 'content-length': 0 }).end(),
            )
        }
  const server = createServer(listener)
  server.listen(0, '127.0.0.1', () => {
    parentPort?.postMessage(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  })
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
}
