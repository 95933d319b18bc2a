import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface NatsServer {
  url: string
  /** The running server's process id (a new one after a restart), for a bench to read its CPU time. */
  readonly pid: number
  stop(): Promise<void>
  // Same port and store dir, so JetStream data written before comes back.
  restart(): Promise<void>
  // An outage: down() stops the server keeping its store, up() brings it back.
  down(): Promise<void>
  up(): Promise<void>
}

const binary = '/usr/sbin/nats-server'
const host = '127.0.0.1'
// nats-server's own spelling of "any free port".
const RANDOM_PORT = '-1'

// A fresh server on a port it picks itself and a throwaway store dir; never
// the machine's own server on 4222.
export async function startNatsServer(): Promise<NatsServer> {
  const storeDir = await mkdtemp(join(tmpdir(), 'svc-nats-'))
  const launched = await launch(RANDOM_PORT, storeDir)
  const port = launched.port
  let child = launched.child
  // Coming back at the same URL means binding that port again, and another
  // process may have taken it while the server was down: the one race left,
  // and it fails loudly (nats-server exits) rather than connecting elsewhere.
  const again = async () => {
    ;({ child } = await launch(String(port), storeDir))
  }
  return {
    url: `nats://${host}:${port}`,
    get pid() {
      return child.pid ?? 0
    },
    async stop() {
      await halt(child)
      await rm(storeDir, { recursive: true, force: true })
    },
    async restart() {
      await halt(child)
      await again()
    },
    async down() {
      await halt(child)
    },
    up: again,
  }
}

// Resolves once the server logs that it is ready, with the port it listens on.
async function launch(port: string, storeDir: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(binary, ['-a', host, '-p', port, '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  const listening = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`nats-server did not get ready:\n${log}`))
    }, 10_000)
    child.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString()
      const bound = /Listening for client connections on [^\s:]+:(\d+)/.exec(log)?.[1]
      if (bound === undefined || !log.includes('Server is ready')) return
      clearTimeout(timer)
      resolve(Number(bound))
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`nats-server exited (${code}):\n${log}`))
    })
  })
  return { child, port: listening }
}

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
