// The built service as its own process on a loopback port, for benches. A
// bench builds nothing: `npm run build` first. Bundles run from
// node_modules/.cache, so paths start at the working directory (the project
// root, as bench/run.mjs sets it), not at import.meta.url.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopOnExit } from './cleanup'

const ENTRY = join(process.cwd(), '.output/server/index.mjs')
const OUTPUT_KEPT = 64 * 1024
const STOP_GRACE_MS = 5000

export interface BenchService {
  readonly url: string
  readonly pid: number
  /** Resolves when the process ends, whoever ended it. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Everything it printed so far. */
  output(): string
  stop(): Promise<void>
}

/** Stops the bench with a plain message when there is no build to run. */
export function requireBuild(): void {
  if (existsSync(ENTRY)) return
  console.error('[svc] [bench] no .output/server/index.mjs: run npm run build first')
  process.exit(1)
}

/** The built service, or another Nitro build at `entry` (the bare reference). */
export async function startService(env: Record<string, string>, entry = ENTRY): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
  // Only what the service needs: nothing from the shell (a BUS_URL, a token) leaks in.
  // BENCH_CPU_PROF=<dir>: each instance writes a V8 CPU profile there when stopped.
  const profile = process.env.BENCH_CPU_PROF
  // The service only: a reference is not what is profiled. A sample every 250 µs, not every millisecond: a filing
  // costs about 0.2 ms, and at the default most of its parts fell between samples.
  const flags =
    profile === undefined || entry !== ENTRY
      ? []
      : ['--cpu-prof', `--cpu-prof-dir=${profile}`, '--cpu-prof-interval=250']
  const child = spawn(process.execPath, [...flags, entry], {
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_REPO: 'examples/demo',
      SVC_RATE_BURST: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  // Tracked from its spawn, so a signal while it starts stops it too.
  const { stop } = stopOnExit({
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        // One that lost its bus may take long to close its connections; a bench does not wait for that.
        const slow = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
        await exited
        clearTimeout(slow)
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  })
  // The last of what it printed, enough for a fatal error's native stack.
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT))
  child.stderr.on('data', keep)
  child.stdout.on('data', keep)
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`[svc] [bench] the service did not start:\n${output}`)), 20_000)
    child.stdout.on('data', () => {
      const listening = /Listening on (http:\/\/\S+)/.exec(output)?.[1]
      if (listening === undefined) return
      clearTimeout(timer)
      resolve(listening.replace(/\/$/, ''))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`[svc] [bench] the service exited with ${code}:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stop()
    throw error
  })
  return { url, pid: child.pid ?? 0, exited, output: () => output, stop }
}
