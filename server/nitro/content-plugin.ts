import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { startContent, startContentReload } from '../app/content'

// Plugins are not awaited: routes wait on useContent() instead. The bus
// plugin runs first, and a bus that cannot connect stops the process there,
// so only the success path is followed here.
export default defineNitroPlugin(() => {
  void startContent(process.env)
  void useBus().then(startContentReload, () => undefined)
})
