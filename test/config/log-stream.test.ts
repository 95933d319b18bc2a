// Reliability: a service whose log reader is gone (its supervisor died, the
// collector closed the pipe) used to spin at full CPU, logging the failed
// write to the same closed stream, and grew to gigabytes. It must end instead.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cleanEnv } from '../support/global-setup'
import { DEMO, ROOT } from '../support/server'

describe('logs whose reader is gone', () => {
  it('ends the process with exit 1 at the next log line, instead of spinning', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-logs-'))
    // An identity provider nobody answers at: every sign-in attempt logs an error.
    const env = cleanEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONTENT_REPO: DEMO,
      IDP_URL: 'http://127.0.0.1:9',
      OAUTH2_CLIENT_ID: 'svc',
      OAUTH2_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'http://127.0.0.1:1',
      BUS_URL: undefined,
    })
    const child = spawn(process.execPath, [join(ROOT, '.output/server/index.mjs')], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        const seen = (chunk: Buffer) => {
          output += chunk.toString()
          const listening = /Listening on (http:\/\/\S+)/.exec(output)?.[1]
          if (listening !== undefined) resolve(listening.replace(/\/$/, ''))
        }
        child.stdout.on('data', seen)
        child.stderr.on('data', seen)
        void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)))
      })
      // The reader goes away.
      child.stdout.destroy()
      child.stderr.destroy()
      await fetch(`${url}/auth/sign-in`, { redirect: 'manual' }).catch(() => undefined)
      // Bounded, so a process that spins is reported (and killed below) rather than left behind.
      const stillRunning = new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 15_000))
      expect(await Promise.race([exited, stillRunning])).toBe(1)
    } finally {
      child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
