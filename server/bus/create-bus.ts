import { join } from 'node:path'
import { createLocalBus } from './local'
import { createNatsBus } from './nats'
import type { Bus } from './types'

// BUS_URL picks NATS; without it the service runs on the embedded bus, kept
// in its own folder so DATA_DIR can hold other things beside it.
export function createBus(env: { readonly BUS_URL?: string; readonly DATA_DIR?: string }): Promise<Bus> {
  const url = env.BUS_URL?.trim()
  if (url) return createNatsBus({ url })
  return createLocalBus({ dataDir: join(env.DATA_DIR || '.data', 'bus') })
}
