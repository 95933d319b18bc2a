// Load from wrk (Debian's `wrk`), a C load generator: a Node driver would be
// the bottleneck long before a plain node:http server is. Loopback only,
// bounded in time.
import { spawn, spawnSync } from 'node:child_process'

export interface WrkResult {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  /** Non-2xx/3xx answers and socket errors together. */
  readonly errors: number
}

export function requireWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  console.error('[svc] [bench] this bench needs wrk: apt-get install -y wrk')
  process.exit(1)
}

/** Async, so a reference server in the bench's own process can answer meanwhile. */
export async function runWrk(
  url: string,
  options: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<WrkResult> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', ...headers, url]
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  if (code !== 0) throw new Error(`[svc] [bench] wrk failed: ${err}`)
  return parseWrk(out)
}

function parseWrk(out: string): WrkResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]
  if (rate === undefined) throw new Error(`[svc] [bench] unreadable wrk output:\n${out}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0)
  const socketErrors = socket === null ? 0 : socket.slice(1).reduce((sum, n) => sum + Number(n), 0)
  return {
    requestsPerSecond: Number(rate),
    p50Ms: latencyMs(out, '50%'),
    p99Ms: latencyMs(out, '99%'),
    errors: non2xx + socketErrors,
  }
}

function latencyMs(out: string, percentile: string): number {
  const found = new RegExp(`^\\s*${percentile}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out)
  if (found === null) return Number.NaN
  const value = Number(found[1])
  return found[2] === 'us' ? value / 1000 : found[2] === 's' ? value * 1000 : value
}
