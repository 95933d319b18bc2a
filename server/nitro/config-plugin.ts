import { defineNitroPlugin } from 'nitropack/runtime'
import { ConfigError } from '../config/parse-config'
import { useConfig } from '../config/use-config'
import { log } from '../log'

// First of all plugins: every setting is checked before anything connects or
// loads, and each bad one is named on its own line before the process stops.
export default defineNitroPlugin(() => {
  try {
    useConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    for (const { variable, line } of error.problems)
      log('error', 'config', `[svc] [config] cannot start: ${line}`, { variable })
    process.exit(1)
  }
})
