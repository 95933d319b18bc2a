import { defineNitroPlugin } from 'nitropack/runtime'
import { startRecords } from '../app/records'
import { useConfig } from '../config/use-config'
import { log } from '../log'

// Plugins are not awaited: routes wait on useRecords() instead.
export default defineNitroPlugin(() => {
  startRecords(useConfig()).catch((error: Error) => {
    log('error', 'records', `[svc] [records] cannot start: ${error.message}`)
  })
})
