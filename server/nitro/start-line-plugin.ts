import { defineNitroPlugin } from 'nitropack/runtime'
import { startLine } from '../config/start-line'
import { useConfig } from '../config/use-config'
import { log } from '../log'

// After the settings and the object store were checked (a contradiction has
// stopped the process by now): one line saying what is on and off, and why.
export default defineNitroPlugin(() => {
  const { message, fields } = startLine(useConfig(), 'service')
  log('info', 'start', message, fields)
})
