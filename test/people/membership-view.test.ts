// Membership rule 6 on the hot path: each instance answers "which groups?"
// from memory, fed by a watch, so other instances' grants reach it too.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import type { Bus } from '../../server/bus/types'
import { createMemberships } from '../../server/people/memberships'

let bus: Bus
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-members-'))
  bus = await createLocalBus({ dataDir: dir })
})
afterAll(async () => {
  await bus.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('Membership rules 6: active memberships join the groups claim', () => {
  it("knows entries written before it loaded and learns other instances' grants through the watch", async () => {
    const writer = createMemberships(bus)
    await writer.grant('crew', { subject: 'a:b' }, '2026-01-01T00:00:00Z')
    const reader = createMemberships(bus)
    expect(await reader.groupsOf({ subject: 'a:b' })).toEqual(['crew'])
    // A subject that merely starts like another person's is not that person.
    expect(await reader.groupsOf({ subject: 'a' })).toEqual([])

    await writer.grant('volunteers', { subject: 'a:b' }, '2026-01-02T00:00:00Z')
    await expect.poll(() => reader.groupsOf({ subject: 'a:b' })).toEqual(['crew', 'volunteers'])
    // Keyed by address until that person signs in: invited, not active.
    await writer.grant('crew', { email: 'Zed@Example.org' }, '2026-01-03T00:00:00Z')
    // The watch brings writes in order: once a later grant is known, so is that one.
    await writer.grant('crew', { subject: 'later' }, '2026-01-04T00:00:00Z')
    await expect.poll(() => reader.groupsOf({ subject: 'later' })).toEqual(['crew'])
    expect(await reader.groupsOf({ email: 'zed@example.org' })).toEqual([])
  })

  it('shows its own grant on the very next call', async () => {
    const one = createMemberships(bus)
    expect(await one.groupsOf({ subject: 'quick' })).toEqual([])
    expect(await one.grant('crew', { subject: 'quick' }, '2026-01-01T00:00:00Z')).toBe(true)
    expect(await one.groupsOf({ subject: 'quick' })).toEqual(['crew'])
  })
})
