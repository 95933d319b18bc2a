import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { runRecordsContract } from './records-contract'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

runRecordsContract('local', {
  open() {
    const dir = mkdtempSync(join(tmpdir(), 'svc-records-'))
    dirs.push(dir)
    return createLocalBus({ dataDir: dir })
  },
  // One process owns a local bus: a second instance shares the same one.
  openSecond: async (first) => first,
})
