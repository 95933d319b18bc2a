import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBus } from '../../server/bus/create-bus'
import { createLocalBus } from '../../server/bus/local'
import { decodeJson } from '../../server/bus/payload'
import type { StreamMessage } from '../../server/bus/types'
import { runBusContract } from './bus-contract'
import { runWorkContract } from './work-contract'
import { waitFor } from './wait'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svc-local-bus-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

runBusContract('local', () => createLocalBus({ dataDir: tempDir() }))
runWorkContract('local', () => createLocalBus({ dataDir: tempDir() }))

describe('local bus on disk', () => {
  it('keeps streams, sequences, msgIds and KV entries across close and reopen', async () => {
    const dataDir = tempDir()
    const before = await createLocalBus({ dataDir })
    await before.ensureStream('SVC_RECORDS', ['svc.rec.>'])
    await before.append('SVC_RECORDS', 'svc.rec.cases.1', { state: 'new' }, { msgId: 'm1' })
    await before.append('SVC_RECORDS', 'svc.rec.cases.2', { state: 'new' })
    const sessions = await before.kv('svc_sessions', { maxAgeMs: 60_000 })
    const revision = await sessions.create('s1', { user: 'ann' })
    await sessions.put('s2', { user: 'bob' })
    await sessions.delete('s2')
    await before.close()
    await expect(sessions.get('s1')).rejects.toThrow('[svc] [bus] the bus is closed')

    const after = await createLocalBus({ dataDir })
    // the stream exists without being ensured again, as on a NATS server
    expect(await after.lastSubjectSequence('SVC_RECORDS', 'svc.rec.cases.1')).toBe(1)
    expect(await after.append('SVC_RECORDS', 'svc.rec.cases.1', { state: 'new' }, { msgId: 'm1' })).toEqual({
      seq: 1,
      duplicate: true,
    })
    const moved = await after.append(
      'SVC_RECORDS',
      'svc.rec.cases.1',
      { state: 'done' },
      { expectLastSubjectSequence: 1 },
    )
    expect(moved.seq).toBe(3)

    const seen: StreamMessage[] = []
    const stop = await after.follow('SVC_RECORDS', 'svc.rec.>', {}, (message) => void seen.push(message))
    await waitFor(() => seen.length >= 3, 2000, 'three messages')
    stop()
    expect(seen.map((message) => decodeJson(message.data))).toEqual([
      { state: 'new' },
      { state: 'new' },
      { state: 'done' },
    ])

    // the first opening fixed max age; a later one cannot change it
    const reopened = await after.kv('svc_sessions', { maxAgeMs: 1 })
    expect(await reopened.get('s1')).toEqual({ value: expect.any(Uint8Array), revision })
    expect(await reopened.get('s2')).toBeNull()
    expect(await reopened.keys()).toEqual(['s1'])
    expect(await reopened.put('s3', {})).toBe(revision + 3)
    await after.close()
  })

  it('drops a torn last line left by a crash mid-write', async () => {
    const dataDir = tempDir()
    const before = await createLocalBus({ dataDir })
    await before.ensureStream('S', ['s.>'])
    await before.append('S', 's.a', { n: 1 })
    await before.close()
    appendFileSync(join(dataDir, 'streams', 'S.stream.jsonl'), '{"seq":2,"subj')

    const after = await createLocalBus({ dataDir })
    expect((await after.append('S', 's.a', { n: 2 })).seq).toBe(2)
    await after.close()
    const again = await createLocalBus({ dataDir })
    expect(await again.lastSubjectSequence('S', 's.a')).toBe(2)
    await again.close()
  })
})

describe('createBus without BUS_URL', () => {
  it('runs the local bus under DATA_DIR', async () => {
    const dataDir = tempDir()
    const bus = await createBus({ DATA_DIR: dataDir, BUS_URL: ' ' })
    await bus.ensureStream('S', ['s.>'])
    await bus.append('S', 's.a', { n: 1 })
    await bus.close()
    expect(existsSync(join(dataDir, 'bus', 'streams', 'S.stream.jsonl'))).toBe(true)
  })
})
