// The supervisor `npm start` runs: a service process that dies is started
// again; one that refuses to start is not; a stop signal ends both.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanEnv } from '../support/global-setup'
import { DEMO, ROOT } from '../support/server'

interface Supervised {
  readonly process: ChildProcess
  output(): string
  /** Resolves once `pattern` has matched `count` times in the output. */
  waitFor(pattern: RegExp, count?: number): Promise<RegExpExecArray[]>
  readonly exited: Promise<number | null>
}

const running: Supervised[] = []
const dirs: string[] = []

afterEach(async () => {
  // SIGTERM, so the supervisor takes its service down with it.
  for (const s of running.splice(0)) {
    if (s.process.exitCode !== null || s.process.signalCode !== null) continue
    s.process.kill('SIGTERM')
    await s.exited
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function supervise(env: Record<string, string | undefined>): Supervised {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-supervised-'))
  dirs.push(dataDir)
  const child = spawn(process.execPath, [join(ROOT, '.output/supervisor/svc-supervise.mjs')], {
    env: cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_REPO: DEMO,
      SVC_RATE_BURST: '0',
      BUS_URL: undefined,
      IDP_URL: undefined,
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    for (const listener of listeners) listener()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const supervised: Supervised = {
    process: child,
    output: () => output,
    exited,
    waitFor: (pattern, count = 1) =>
      new Promise((resolve, reject) => {
        const global = new RegExp(pattern.source, 'g')
        const check = () => {
          const matches = [...output.matchAll(global)]
          if (matches.length < count) return
          listeners.delete(check)
          clearTimeout(timer)
          resolve(matches)
        }
        const timer = setTimeout(() => {
          listeners.delete(check)
          reject(new Error(`no ${count}× ${pattern} in:\n${output}`))
        }, 20_000)
        listeners.add(check)
        check()
      }),
  }
  running.push(supervised)
  return supervised
}

const STARTED = /"message":"service started","pid":(\d+)/
const LISTENING = /Listening on (http:\/\/\S+?)\/?\s/

describe('supervisor', () => {
  it('a service process that dies is started again and serves', async () => {
    const s = supervise({})
    const [first] = await s.waitFor(LISTENING)
    const [started] = await s.waitFor(STARTED)
    process.kill(Number(started![1]), 'SIGKILL')
    const listening = await s.waitFor(LISTENING, 2)
    const restartedAt = listening[1]![1]!
    const health = await fetch(`${restartedAt}/healthz`)
    expect(health.status).toBe(200)
    expect(s.output()).toMatch(/the service died; restarting/)
    expect((await s.waitFor(STARTED, 2))[1]![1]).not.toBe(started![1])
    expect(first![1]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('a service that refuses to start is not started again', async () => {
    const s = supervise({ CONTENT_REPO: join(tmpdir(), 'svc-no-such-content-folder') })
    expect(await s.exited).not.toBe(0)
    expect(s.output()).toMatch(/refused to start; not restarting/)
    expect([...s.output().matchAll(new RegExp(STARTED.source, 'g'))]).toHaveLength(1)
  })

  it('SIGTERM ends the service and the supervisor', async () => {
    const s = supervise({})
    await s.waitFor(LISTENING)
    const [started] = await s.waitFor(STARTED)
    const pid = Number(started![1])
    s.process.kill('SIGTERM')
    expect(await s.exited).toBe(0)
    expect(() => process.kill(pid, 0)).toThrow()
    expect(s.output()).not.toMatch(/restarting/)
  })
})
