// Runs one preview in its own Node process (preview-worker-cli.ts) under an
// address-space limit, so a picture that costs more to decode than its
// header promised ends that process, never the service: the service itself
// never loads sharp. A worker that dies, says anything unexpected or runs
// past its time gives "no preview"; the original stays stored either way.
import { spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { childEnvironment } from '../config/child-env'
import { log } from '../log'
import { OVER_BUDGET } from './preview-protocol'

/**
 * The worker's address space. Measured with the pinned Node 24 and sharp 0.34 at one libvips thread: the
 * heaviest pictures inside the pixel budget (a 40 MP RGBA PNG, a 36 MP JPEG) made previews at 1,792 MiB and
 * died at 1,664; Node with sharp loaded does not start under about 1 GiB. 2 GiB leaves 256 MiB of margin.
 */
export const PREVIEW_ADDRESS_SPACE_MB = 2048

/** A preview is a 640-pixel WebP of tens of kilobytes; a worker answering more is not believed. */
const MAX_PREVIEW_BYTES = 4 * 1024 * 1024

export type PreviewAnswer = { readonly preview: Buffer } | { readonly overBudget: string } | { readonly failed: string }

export interface PreviewWorkerOptions {
  /** The worker's bundled entry (.output/server/preview-worker.mjs). */
  readonly script: string
  readonly addressSpaceMb?: number
  readonly timeoutMs?: number
  /** Where to look for prlimit; the service's PATH unless a test says otherwise. */
  readonly path?: string
}

export type PreviewWorker = (picture: Buffer) => Promise<PreviewAnswer>

export function createPreviewWorker(options: PreviewWorkerOptions): PreviewWorker {
  const addressSpace = (options.addressSpaceMb ?? PREVIEW_ADDRESS_SPACE_MB) * 1024 * 1024
  const timeoutMs = options.timeoutMs ?? 20_000
  const env = childEnvironment({})
  const prlimit = findOnPath('prlimit', options.path ?? env.PATH ?? '')
  if (prlimit === null)
    log('warn', 'files', '[svc] [files] prlimit not found: previews are made without a memory limit', {})
  const command =
    prlimit === null
      ? [process.execPath, options.script]
      : [prlimit, `--as=${addressSpace}`, '--', process.execPath, options.script]
  return (picture) => runWorker(command, env, picture, timeoutMs)
}

function runWorker(
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  picture: Buffer,
  timeoutMs: number,
): Promise<PreviewAnswer> {
  const [file, ...args] = command as [string, ...string[]]
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'], env })
    const out: Buffer[] = []
    let outBytes = 0
    let err = ''
    let failure: string | null = null
    const stop = (reason: string) => {
      failure ??= reason
      child.kill('SIGKILL')
    }
    const timer = setTimeout(() => stop(`took over ${timeoutMs} ms`), timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length
      if (outBytes > MAX_PREVIEW_BYTES) stop('answered more than a preview')
      else out.push(chunk)
    })
    // Only the last words are kept: what a dying worker says last says why.
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString('utf8')).slice(-2000)))
    // A worker that dies before reading all of it closes stdin under the write: its exit says why.
    child.stdin.on('error', () => undefined)
    child.stdin.end(picture)
    child.on('error', (error) => stop(String(error)))
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const said = err.trim().split('\n').at(-1) ?? ''
      if (failure !== null) resolve({ failed: failure })
      else if (code === 0 && outBytes > 0) resolve({ preview: Buffer.concat(out) })
      else if (code === OVER_BUDGET) resolve({ overBudget: said })
      else resolve({ failed: `the worker ended (${signal ?? `exit ${code}`}): ${said}` })
    })
  })
}

function findOnPath(name: string, path: string): string | null {
  for (const dir of path.split(delimiter).filter((entry) => entry !== '')) {
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // Not in this folder: the next one.
    }
  }
  return null
}
