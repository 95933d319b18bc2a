// The records core's contract, run against the local bus and a real
// nats-server alike. `openSecond` gives another instance's connection to the
// same data: a second NATS connection, or the same local bus (one process).
import { describe } from 'vitest'
import type { Bus } from '../../server/bus/types'
import { runEffectsContract } from './effects-contract'
import { runIndexContract } from './index-contract'
import { runMovesContract } from './moves-contract'
import { runTimedContract } from './timed-contract'

export interface BusFactory {
  open(): Promise<Bus>
  openSecond(first: Bus): Promise<Bus>
}

export function runRecordsContract(name: string, buses: BusFactory): void {
  describe(`records on the ${name} bus`, () => {
    runMovesContract(buses)
    runIndexContract(buses)
    runTimedContract(buses)
    runEffectsContract(buses)
  })
}
