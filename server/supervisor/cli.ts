// `node .output/supervisor/svc-supervise.mjs`: runs the service next to it and
// starts it again when it dies. `npm start` uses it; under systemd the unit's
// Restart= does the same job (docs/operations.md).
import { fileURLToPath } from 'node:url'
import { createSupervisor } from './supervise'

const entry = fileURLToPath(new URL('../server/index.mjs', import.meta.url))
const supervisor = createSupervisor({ entry, env: process.env })
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => supervisor.stop(signal))
process.exitCode = await supervisor.done
