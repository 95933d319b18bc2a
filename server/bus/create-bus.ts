import { join } from 'node:path'
import { createLocalBus } from './local'
import { createNatsBus } from './nats'
import { natsBusOptions } from './nats-settings'
import type { BusSettings } from './nats-settings'
import type { Bus } from './types'

// BUS_URL picks NATS; without it the service runs on the embedded bus, kept
// in its own folder so DATA_DIR can hold other things beside it.
export function createBus(env: BusSettings & { readonly DATA_DIR?: string }): Promise<Bus> {
  const url = env.BUS_URL?.trim()
  if (url) return createNatsBus(natsBusOptions({ ...env, BUS_URL: url }))
  return createLocalBus({ dataDir: join(env.DATA_DIR || '.data', 'bus') })
}
