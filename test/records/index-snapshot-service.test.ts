// Issue 9, "start in seconds at a million records", through the built
// service: one instance writes the record index snapshot on its timer, and
// the next start loads it, applies the filings after it, and reports what
// the instances before it reported. On a nats-server and on the embedded bus.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { waitFor } from '../bus/wait'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { createCookieFetch, fileThrough } from '../visitor/visitor-client'

const cleanup: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

/** How to start an instance on one shared bus. */
type Start = (env: Record<string, string>) => Promise<RunningServer>

const buses: [string, () => Promise<Start>][] = [
  [
    'nats',
    async () => {
      const nats: NatsServer = await startNatsServer()
      cleanup.push(() => nats.stop())
      return (env) => startServer({ BUS_URL: nats.url, ...env })
    },
  ],
  [
    'embedded',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-snapshot-service-'))
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
      return (env) => startServer(env, { dataDir })
    },
  ],
]

async function file(server: RunningServer, street: string): Promise<void> {
  const response = await fileThrough(createCookieFetch(), server.url, '/', 'potholes', { street, kind: 'pothole' })
  expect(response.status).toBe(303)
}

async function report(server: RunningServer): Promise<unknown> {
  return ((await (await fetch(`${server.url}/report?format=json`)).json()) as { counts: unknown }).counts
}

/** The lines logged with `message`, once there is at least one. */
async function logged(server: RunningServer, message: string): Promise<Record<string, unknown>[]> {
  await waitFor(() => logLines(server, message).length > 0, 10_000, `the line "${message}"`)
  return logLines(server, message)
}

function logLines(server: RunningServer, message: string): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.message === message)
}

describe.each(buses)('Start-up from a snapshot (issue 9), the built service on the %s bus', (_name, makeStart) => {
  it(
    'Start-up from a snapshot: an instance writes the snapshot on its timer, and the ' +
      'next start loads it, applies the filings after it and reports the same counts',
    async () => {
      const start = await makeStart()
      // The embedded bus is one process's: each instance stops before the next starts.
      const writer = await start({ RECORDS_SNAPSHOT_SECONDS: '1' })
      expect(await logged(writer, '[svc] [records] the record index starts from a full replay of the stream')).toEqual([
        expect.objectContaining({ reason: 'no snapshot stored' }),
      ])
      for (const street of ['Mill Lane 1', 'Mill Lane 2', 'Mill Lane 3']) await file(writer, street)
      await waitFor(
        () => logLines(writer, 'wrote the record index snapshot').some((line) => Number(line.seq) >= 3),
        10_000,
        'a snapshot covering the three filings',
      )
      await writer.stop()

      const filer = await start({ RECORDS_SNAPSHOT_SECONDS: '0' })
      expect(await logged(filer, 'loaded the record index snapshot')).toEqual([
        expect.objectContaining({ seq: 3, records: 3 }),
      ])
      for (const street of ['Bridge Road 1', 'Bridge Road 2']) await file(filer, street)
      const counted = await report(filer)
      await filer.stop()

      const next = await start({ RECORDS_SNAPSHOT_SECONDS: '0' })
      cleanup.push(() => next.stop())
      expect(await logged(next, 'loaded the record index snapshot')).toEqual([expect.objectContaining({ seq: 3 })])
      await waitFor(async () => (await fetch(`${next.url}/readyz`)).status === 200, 10_000, 'the next instance ready')
      expect(await report(next)).toEqual(counted)
      const potholes = (counted as { bucket: string; count: number }[]).filter((entry) => entry.bucket === 'potholes')
      expect(potholes.reduce((sum, entry) => sum + entry.count, 0)).toBe(5)
    },
  )
})
