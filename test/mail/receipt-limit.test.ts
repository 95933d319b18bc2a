// The receipt count shared by mailers: three receipts to one address in a
// clock hour, whatever the case of its letters; a redelivered intent is not
// counted again; the next hour starts afresh.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import { RECEIPTS_KV, takeReceiptSlot } from '../../server/mail/receipt-limit'

let bus: Bus | undefined
const dir = mkdtempSync(join(tmpdir(), 'svc-receipts-'))
afterEach(async () => {
  await bus?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('receipts per address and hour', () => {
  it('takes three, then refuses; a repeat of a counted intent still goes; the next hour starts afresh', async () => {
    bus = await createLocalBus({ dataDir: dir })
    const kv = await bus.kv(RECEIPTS_KV)
    const at = new Date('2026-11-28T10:15:00Z')
    const take = (address: string, id: string, when = at) => takeReceiptSlot(kv, address, id, when)
    expect([
      await take('ann@example.org', 'a'),
      await take('ANN@example.org', 'b'),
      await take('ann@example.org', 'c'),
    ]).toEqual([true, true, true])
    expect(await take('ann@example.org', 'd')).toBe(false)
    expect(await take('ann@example.org', 'b')).toBe(true)
    expect(await take('bob@example.org', 'e')).toBe(true)
    expect(await take('ann@example.org', 'f', new Date('2026-11-28T11:00:00Z'))).toBe(true)
  })
})
