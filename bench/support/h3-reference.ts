// The framework's own share of a filing: a minimal h3 app whose one handler
// reads a url-encoded form (readBody) and publishes it to JetStream, awaiting
// the ack, with none of the service's session, CSRF, policy, validation or
// projection. It runs in a worker thread of the bench, so it has an event loop
// of its own as the service has a process, and it cannot outlive the bench.
// The worker runs the bench's own bundle: the bench calls serveH3Reference()
// where it is not on the main thread.
import { jetstream, jetstreamManager } from '@nats-io/jetstream'
import { connect } from '@nats-io/transport-node'
import { createApp, createRouter, defineEventHandler, readBody, sendRedirect, toNodeListener } from 'h3'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parentPort, Worker, workerData } from 'node:worker_threads'

export interface H3Reference {
  readonly url: string
  stop: () => Promise<void>
}

/** The reference on a loopback port, publishing to the nats-server at `natsUrl`; `action` is the path it answers. */
export async function startH3Reference(natsUrl: string, action: string): Promise<H3Reference> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { natsUrl, action } })
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
  const { natsUrl, action } = workerData as { natsUrl: string; action: string }
  const nc = await connect({ servers: natsUrl })
  await (await jetstreamManager(nc)).streams.add({ name: 'BENCH_H3', subjects: ['bench.h3.>'] })
  const js = jetstream(nc)
  let n = 0
  const router = createRouter().post(
    action,
    defineEventHandler(async (event) => {
      const body = await readBody<Record<string, string>>(event)
      await js.publish(`bench.h3.${n++}`, JSON.stringify(body))
      return sendRedirect(event, '/?filed', 303)
    }),
  )
  const server = createServer(toNodeListener(createApp().use(router)))
  server.listen(0, '127.0.0.1', () => {
    parentPort?.postMessage(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  })
}
