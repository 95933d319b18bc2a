// The records core's contract, run against the local bus and a real
// nats-server alike. `openSecond` gives another instance's connection to the
// same data: a second NATS connection, or the same local bus (one process).
import { describe } from 'vitest'
import type { Bus } from '../../server/bus/types'
import { effectsContract } from './contract-effects'
import { indexContract } from './contract-index'
import { movesContract } from './contract-moves'
import { timedContract } from './contract-timed'

export interface BusFactory {
  open(): Promise<Bus>
  openSecond(first: Bus): Promise<Bus>
}

export function runRecordsContract(name: string, buses: BusFactory): void {
  describe(`records on the ${name} bus`, () => {
    movesContract(buses)
    indexContract(buses)
    timedContract(buses)
    effectsContract(buses)
  })
}
