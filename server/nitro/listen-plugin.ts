import { defineNitroPlugin } from 'nitropack/runtime'
import { log } from '../log'

// Nitro's server reports a port it cannot bind as an uncaught exception, which
// it only logs: the process would stay up serving nothing, and a supervisor
// would never restart it. A failed listen ends the process instead.
export default defineNitroPlugin(() => {
  process.on('uncaughtException', (error: NodeJS.ErrnoException & { address?: string; port?: number }) => {
    if (error.syscall !== 'listen') return
    log('error', 'http', '[svc] [http] cannot listen', { code: error.code, address: error.address, port: error.port })
    process.exit(1)
  })
})
