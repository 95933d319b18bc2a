import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { startFormSecret } from '../forms/form-secret'
import { log } from '../log'

// Read (or made) once at start, so no page view asks the bus for it. Forms
// wait on useFormSecret(); a bus that cannot answer is the bus plugin's to report.
export default defineNitroPlugin(() => {
  startFormSecret(useBus()).catch((error: Error) => {
    log('error', 'forms', `[svc] [forms] cannot read the form secret: ${error.message}`)
  })
})
