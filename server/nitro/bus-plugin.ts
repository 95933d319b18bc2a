import { defineNitroPlugin } from 'nitropack/runtime'
import { startBus } from '../app/bus'

// Plugins are not awaited: routes wait on useBus() instead.
export default defineNitroPlugin((nitroApp) => {
  const bus = startBus(process.env)
  nitroApp.hooks.hook('close', async () => {
    await (await bus).close()
  })
})
