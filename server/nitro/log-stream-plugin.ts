import { defineNitroPlugin } from 'nitropack/runtime'

// Logs go to stdout and stderr. When whatever reads them is gone (the
// supervisor died, the log collector closed its pipe), the next write fails
// with EPIPE as an 'error' event nobody listens to; Nitro logs that uncaught
// error to the same closed stream, which fails again: the process spins at
// full CPU and grows until memory runs out. Ending it instead lets the
// service manager start it again with working logs.
export default defineNitroPlugin(() => {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', () => process.exit(1))
  }
})
