import { defineNitroPlugin } from 'nitropack/runtime'
import { startBus } from '../app/bus'
import { useConfig } from '../config/use-config'
import { log } from '../log'

// Plugins are not awaited: routes wait on useBus() instead. Without a bus
// nothing works, so a bus that cannot start stops the process here.
export default defineNitroPlugin((nitroApp) => {
  const config = useConfig()
  const bus = startBus(config)
  bus.then(
    () =>
      log('info', 'bus', config.BUS_URL ? 'connected to NATS' : 'using the embedded bus', {
        dataDir: config.BUS_URL ? undefined : config.DATA_DIR,
      }),
    (error: Error) => {
      log('error', 'bus', `[svc] [bus] cannot start: ${error.message.replace('[svc] [bus] ', '')}`)
      process.exit(1)
    },
  )
  nitroApp.hooks.hook('close', async () => {
    await (await bus).close()
  })
})
