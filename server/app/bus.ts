// The process-wide bus: connected once by the Nitro plugin, read through useBus().
import { createBus } from '../bus/create-bus'
import type { Bus } from '../bus/types'
import type { Config } from '../config/schema'
import { countRecordAppends } from '../metrics/counting-bus'
import { useServiceMetrics } from '../metrics/service-metrics'

let bus: Promise<Bus> | null = null

export function startBus(config: Config): Promise<Bus> {
  // Each record event this instance appends is counted for /metrics.
  bus = createBus(config).then((created) => countRecordAppends(created, useServiceMetrics().recordEvents))
  return bus
}

export function useBus(): Promise<Bus> {
  if (!bus) throw new Error('[svc] [bus] the bus was never started')
  return bus
}
