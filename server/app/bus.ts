// The process-wide bus: connected once by the Nitro plugin, read through useBus().
import { createBus } from '../bus/create-bus'
import type { Bus } from '../bus/types'
import { log } from '../log'

let bus: Promise<Bus> | null = null

export function startBus(env: NodeJS.ProcessEnv): Promise<Bus> {
  bus = createBus(env)
  bus.then(
    () => log('info', 'bus', env.BUS_URL ? 'connected to NATS' : 'using the embedded bus', { dataDir: env.BUS_URL ? undefined : env.DATA_DIR ?? '.data' }),
    (error: Error) => {
      log('error', 'bus', `[svc] [bus] cannot start: ${error.message}`)
      process.exit(1)
    },
  )
  return bus
}

export function useBus(): Promise<Bus> {
  if (!bus) throw new Error('[svc] [bus] the bus was never started')
  return bus
}
