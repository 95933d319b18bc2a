// Starts the built service as its own process on a loopback port: one it
// binds itself (PORT=0) unless its URL must be known before it starts.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cleanEnv } from './global-setup'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const DEMO = join(ROOT, 'examples/demo')

export interface RunningServer {
  readonly url: string
  readonly output: () => string
  /** The service's process id, to read its memory from /proc. */
  readonly pid: number
  stop(): Promise<void>
}

export interface ServerOptions {
  /** A fixed port: the one a restart must bind again (see startServerAtPickedPort). */
  readonly port?: number
  /** Kept after stop, so a second start finds what the first one stored. */
  readonly dataDir?: string
}

export async function startServer(
  env: Record<string, string | undefined> = {},
  options: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'svc-data-'))
  const child = spawn(process.execPath, [join(ROOT, '.output/server/index.mjs')], {
    env: cleanEnv({
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_REPO: DEMO,
      SVC_RATE_BURST: '0',
      BUS_URL: undefined,
      IDP_URL: undefined,
      MAP_TOKEN: undefined,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000)
    const check = () => {
      const m = /Listening on (http:\/\/[^\s]+)/.exec(output)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1].replace(/\/$/, ''))
      } else if (output.includes('EADDRINUSE')) {
        // The service could not bind its port: another process took it first.
        clearTimeout(timer)
        reject(new Error(`server could not bind its port (EADDRINUSE):\n${output}`))
      }
    }
    child.stdout?.on('data', check)
    child.stderr?.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  }).catch(async (error: unknown) => {
    await stopChild(child)
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  return {
    url,
    output: () => output,
    pid: child.pid ?? 0,
    stop: () =>
      stopChild(child).finally(() => {
        if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
      }),
  }
}

/**
 * Starts the service on a port picked before it starts, for what PORT=0
 * cannot give: a URL the service must know as it starts (its PUBLIC_URL, and
 * with it the callback a provider sends people back to). Another process may
 * bind the picked port first, so a start refused with EADDRINUSE picks again.
 */
export async function startServerAtPickedPort(
  env: (port: number) => Record<string, string | undefined>,
  options: Omit<ServerOptions, 'port'> = {},
): Promise<RunningServer & { readonly port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort()
    try {
      return { ...(await startServer(env(port), { ...options, port })), port }
    } catch (error) {
      if (attempt === 5 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}

/**
 * The service in development mode, signing people in through its development
 * provider, which binds a port of its own. Development defaults PUBLIC_URL to
 * http://localhost:$PORT: that is `site`, the host to visit, because the
 * provider sends people back there.
 */
export async function startDevServer(
  env: Record<string, string | undefined> = {},
  options: Omit<ServerOptions, 'port'> = {},
): Promise<RunningServer & { readonly site: string }> {
  const server = await startServerAtPickedPort(
    () => ({ SVC_MODE: 'development', PUBLIC_URL: undefined, DEV_IDP_PORT: '0', ...env }),
    options,
  )
  return { ...server, site: `http://localhost:${server.port}` }
}

/**
 * A loopback port free at the moment of asking, and no later: whoever binds
 * it next gets it. Only for a URL needed before start; see above. Drawn below
 * the kernel's ephemeral range (32768 and up here), where no outgoing
 * connection and no `listen(0)` of another test can take it meanwhile: a gate
 * run lost a deploy's mailer to a port picked seconds before it started.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    if (await canListen(port)) return port
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

/** Runs the service until it exits by itself (for content that must not start). */
export function runServerToExit(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, '.output/server/index.mjs')], {
    env: cleanEnv({ PORT: '0', HOST: '127.0.0.1', BUS_URL: undefined, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString()
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    }),
  )
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill('SIGTERM')
  })
}
