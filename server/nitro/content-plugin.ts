import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { startContent, startContentReload } from '../app/content'
import { StartError } from '../app/start-error'
import { useConfig } from '../config/use-config'
import { log } from '../log'

// Plugins are not awaited: routes wait on useContent() instead. Content that
// cannot be served at start, or reloads nobody would hear, stop the process.
// A bus that cannot start stops it in the bus plugin, so only the bus's
// success path is followed here.
export default defineNitroPlugin(() => {
  const stop = (error: Error): never => {
    log('error', 'content', error.message, error instanceof StartError ? error.fields : {})
    process.exit(1)
  }
  try {
    startContent(useConfig()).catch(stop)
  } catch (error) {
    stop(error as Error)
  }
  void useBus().then(
    (bus) => startContentReload(bus).catch(stop),
    () => undefined,
  )
})
