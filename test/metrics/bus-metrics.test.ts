// svc_bus_connected and svc_bus_reconnects_total on a real nats-server, the
// connection cut and let back through a proxy.
import { Registry } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { createBusMetrics } from '../../server/metrics/bus-metrics'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { samplesOf } from './scrape'

let nats: NatsServer
let proxy: TcpProxy
beforeAll(async () => {
  nats = await startNatsServer()
  proxy = await startTcpProxy(nats.url)
})
afterAll(async () => {
  await proxy?.close()
  await nats?.stop()
})

describe('the bus metrics', () => {
  it('say 0 while the bus is away and 1 again after, counting the reconnect', async () => {
    const bus = await createNatsBus({ url: proxy.url })
    const registry = new Registry()
    createBusMetrics(registry).watch(bus)
    const read = async () => samplesOf(await registry.metrics())
    try {
      expect(await read()).toEqual(
        new Map([
          ['svc_bus_reconnects_total', 0],
          ['svc_bus_connected', 1],
        ]),
      )
      await proxy.cut()
      await waitFor(async () => (await read()).get('svc_bus_connected') === 0, 10_000, 'the bus to be away')
      await proxy.restore()
      await waitFor(async () => (await read()).get('svc_bus_connected') === 1, 10_000, 'the bus to be back')
      expect((await read()).get('svc_bus_reconnects_total')).toBe(1)
    } finally {
      await bus.close()
    }
  })
})
