// Issue 29 item 4 on both buses: the embedded one (every file under its
// DATA_DIR) and a real nats-server (every stream, KV bucket and object).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createNatsBus } from '../../server/bus/nats'
import type { Bus } from '../../server/bus/types'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { runNothingLeftContract } from './nothing-left-contract'
import { filesBelow, natsContents } from './stored-bytes'

const dirs: string[] = []
let current = ''
// A server per test, so a scan reads that test's data only and a replay finds no other test's snapshot.
let server: NatsServer | undefined
const opened: Bus[] = []
const stopServer = async () => {
  for (const bus of opened.splice(0)) await bus.close()
  await server?.stop()
  server = undefined
}
afterEach(stopServer)
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

runNothingLeftContract('local', {
  async open() {
    current = mkdtempSync(join(tmpdir(), 'svc-erase-'))
    dirs.push(current)
    return createLocalBus({ dataDir: current })
  },
  contents: async () => filesBelow(current),
})

runNothingLeftContract('nats', {
  async open() {
    await stopServer()
    server = await startNatsServer()
    const bus = await createNatsBus({ url: server.url })
    opened.push(bus)
    return bus
  },
  contents: () => natsContents(server!.url),
})
