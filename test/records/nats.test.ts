import { afterAll, beforeAll } from 'vitest'
import { createNatsBus } from '../../server/bus/nats'
import { startNatsServer } from '../support/nats-server'
import type { NatsServer } from '../support/nats-server'
import { runRecordsContract } from './records-contract'

let server: NatsServer
beforeAll(async () => {
  server = await startNatsServer()
})
afterAll(async () => {
  await server.stop()
})

runRecordsContract('nats', {
  open: () => createNatsBus({ url: server.url }),
  openSecond: () => createNatsBus({ url: server.url }),
})
