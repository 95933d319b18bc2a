import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createConnection, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface NatsServer {
  url: string
  stop(): Promise<void>
  // Same port and store dir, so JetStream data written before comes back.
  restart(): Promise<void>
  // An outage: down() stops the server keeping its store, up() brings it back.
  down(): Promise<void>
  up(): Promise<void>
}

const binary = '/usr/sbin/nats-server'
const host = '127.0.0.1'

// A fresh server on a random free port and a throwaway store dir; never the
// machine's own server on 4222.
export async function startNatsServer(): Promise<NatsServer> {
  const port = await freePort()
  const storeDir = await mkdtemp(join(tmpdir(), 'svc-nats-'))
  let child = await launch(port, storeDir)
  return {
    url: `nats://${host}:${port}`,
    async stop() {
      await halt(child)
      await rm(storeDir, { recursive: true, force: true })
    },
    async restart() {
      await halt(child)
      child = await launch(port, storeDir)
    },
    async down() {
      await halt(child)
    },
    async up() {
      child = await launch(port, storeDir)
    },
  }
}

async function launch(port: number, storeDir: string): Promise<ChildProcess> {
  const child = spawn(binary, ['-a', host, '-p', String(port), '-js', '-sd', storeDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let log = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString()
  })
  const deadline = Date.now() + 10_000
  while (!(await acceptsClients(port))) {
    if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}):\n${log}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`nats-server did not listen on ${port}:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return child
}

// The server greets a new client with INFO only once it can serve it.
function acceptsClients(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('data', (chunk) => done(chunk.toString().startsWith('INFO')))
    socket.once('error', () => done(false))
  })
}

async function halt(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject()))
    })
  })
}
