// Work one instance does at a time (issue 29: the retention sweep, "one
// instance at a time"; the index snapshot writer): one holder among racing
// instances, renewed by its holder, taken over once it runs out.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createKvLease } from '../../server/bus/kv-lease'
import { createLocalBus } from '../../server/bus/local'
import { sleep } from './wait'

describe('a lease in KV', () => {
  it('Retention runs on one instance at a time: one of racing instances holds it, and another once it ran out', async () => {
    const bus = await createLocalBus({ dataDir: mkdtempSync(join(tmpdir(), 'lease-')) })
    const kv = () => bus.kv('svc_sweep_leases')
    const instances = Array.from({ length: 5 }, () => createKvLease(kv, 'records-retention', 300))
    const first = await Promise.all(instances.map((lease) => lease.hold()))
    expect(first.filter(Boolean)).toHaveLength(1)
    const holder = first.indexOf(true)
    // Renewed by its holder at each turn, refused to the others meanwhile.
    expect(await instances[holder]?.hold()).toBe(true)
    expect(await Promise.all(instances.filter((_, n) => n !== holder).map((lease) => lease.hold()))).toEqual([
      false,
      false,
      false,
      false,
    ])
    // The holder stops (its process died): another takes over once the lease has run out.
    await sleep(350)
    const next = instances.find((_, n) => n !== holder)
    expect(await next?.hold()).toBe(true)
    expect(await instances[holder]?.hold()).toBe(false)
    await bus.close()
  })
})
