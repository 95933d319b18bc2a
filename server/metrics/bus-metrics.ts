// svc_bus_connected and svc_bus_reconnects_total, for the service and the mailer alike.
import { Counter, Gauge, type Registry } from 'prom-client'
import type { Bus } from '../bus/types'

export interface BusMetrics {
  /** Starts reading `bus`: its state at each scrape, each reconnect as it happens. */
  watch(bus: Bus): void
}

export function createBusMetrics(registry: Registry): BusMetrics {
  let watched: Bus | null = null
  const reconnects = new Counter({
    name: 'svc_bus_reconnects_total',
    help: 'Times the connection to NATS came back after it was lost.',
    registers: [registry],
  })
  new Gauge({
    name: 'svc_bus_connected',
    help: '1 while the bus is connected, 0 otherwise.',
    registers: [registry],
    collect() {
      this.set(watched?.isConnected() ? 1 : 0)
    },
  })
  return {
    watch(bus) {
      watched = bus
      bus.onReconnect(() => reconnects.inc())
    },
  }
}
