// The tests' nats-server (a port it picks, a throwaway store) for a bench,
// stopped however the bench ends.
import { startNatsServer, type NatsServer } from '../../test/support/nats-server'
import { stopOnExit } from './cleanup'

export async function startBenchNats(): Promise<NatsServer> {
  return stopOnExit(await startNatsServer())
}
