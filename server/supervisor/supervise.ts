// Keeps one service process running: a process that dies after it started
// listening is started again, a little later each time it keeps dying. A
// process that stops before it ever listened refused to start (broken content,
// a bad setting) and would refuse again, so the supervisor stops with it.
import { spawn, type ChildProcess } from 'node:child_process'
import { log } from '../log'

export interface SuperviseOptions {
  /** The script to run with this Node binary. */
  readonly entry: string
  readonly env: NodeJS.ProcessEnv
  /** First wait before a restart; doubled per quick death up to `maxDelayMs`. */
  readonly delayMs?: number
  readonly maxDelayMs?: number
  /** A run this long counts as healthy and resets the wait. */
  readonly healthyAfterMs?: number
}

export interface Supervisor {
  /** Resolves with the exit code the supervisor should end with. */
  readonly done: Promise<number>
  stop(signal: NodeJS.Signals): void
}

export function createSupervisor(opts: SuperviseOptions): Supervisor {
  const { delayMs = 500, maxDelayMs = 30_000, healthyAfterMs = 60_000 } = opts
  let child: ChildProcess | undefined
  let stopping = false
  let delay = delayMs
  let timer: NodeJS.Timeout | undefined
  let finish: (code: number) => void = () => {}
  const done = new Promise<number>((resolve) => (finish = resolve))

  const start = () => {
    const startedAt = Date.now()
    let listening = false
    const current = spawn(process.execPath, [opts.entry], { env: opts.env, stdio: ['ignore', 'pipe', 'inherit'] })
    child = current
    log('info', 'supervisor', 'service started', { pid: current.pid })
    current.stdout?.on('data', (chunk: Buffer) => {
      if (!listening && chunk.toString().includes('Listening on')) listening = true
      process.stdout.write(chunk)
    })
    current.on('exit', (code, signal) => {
      child = undefined
      if (stopping) return finish(code ?? 0)
      if (code === 0) return finish(0)
      if (!listening) {
        log('error', 'supervisor', '[svc] [supervisor] the service refused to start; not restarting', { code, signal })
        return finish(code ?? 1)
      }
      delay = Date.now() - startedAt >= healthyAfterMs ? delayMs : Math.min(delay * 2, maxDelayMs)
      log('error', 'supervisor', '[svc] [supervisor] the service died; restarting', {
        pid: current.pid,
        code,
        signal,
        restartInMs: delay,
      })
      timer = setTimeout(start, delay)
    })
  }

  start()
  return {
    done,
    stop(signal) {
      stopping = true
      if (timer !== undefined) clearTimeout(timer)
      if (child === undefined) finish(0)
      else child.kill(signal)
    },
  }
}
