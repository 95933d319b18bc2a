// How long signing in takes: the built service (npm run build first) against
// a real oidc-provider in this process, over every browser hop of a sign-in
// (9 requests), and the callback alone (code exchange, userinfo, a new
// session created and the old one deleted). BUS_URL set measures on NATS.
// Run: node bench/run.mjs sign-in
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signInUntilCallback } from '../test/auth/sign-in-flow'
import { startTestIdp } from '../test/auth/test-idp'
import { freePort } from '../test/support/server'

const ROUNDS = 40
const WARM_UP = 5
const CLIENT = { clientId: 'svc-bench', clientSecret: 'bench-client-secret' }

// The bundle runs from node_modules/.cache; the project root is the working directory.
const entry = join(process.cwd(), '.output/server/index.mjs')
if (!existsSync(entry)) throw new Error('[svc] [bench] no .output/server/index.mjs: run npm run build first')

// PUBLIC_URL is needed at start, so the service's port is picked before.
const port = await freePort()
const service = `http://127.0.0.1:${port}`
const idp = await startTestIdp({
  ...CLIENT,
  redirectUri: `${service}/auth/callback`,
  accounts: [{ id: 'kari', claims: { email: 'kari@example.org', groups: ['caseworkers'] } }],
})
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'))
const child = spawn(process.execPath, [entry], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CONTENT_REPO: 'examples/demo',
    SVC_RATE_BURST: '0',
    BUS_URL: process.env.BUS_URL,
    IDP_URL: idp.url,
    OAUTH2_CLIENT_ID: CLIENT.clientId,
    OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
    PUBLIC_URL: service,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise<void>((resolve, reject) => {
  child.stdout.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('Listening on')) resolve()
  })
  child.once('exit', (code) => reject(new Error(`[svc] [bench] the service exited with ${code}`)))
})

const whole: number[] = []
const callback: number[] = []
try {
  for (let round = 0; round < WARM_UP + ROUNDS; round++) {
    const client = createCookieFetch()
    const started = performance.now()
    const end = await signInUntilCallback(client, service, 'kari')
    const callbackStarted = performance.now()
    const response = await client(end.callback)
    if (response.status !== 302) throw new Error(`[svc] [bench] the callback answered ${response.status}`)
    if (round < WARM_UP) continue
    whole.push(performance.now() - started)
    callback.push(performance.now() - callbackStarted)
  }
} finally {
  child.kill('SIGTERM')
  await idp.stop()
  rmSync(dataDir, { recursive: true, force: true })
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1)
  return `median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`
}
console.log(
  `sign-in on the ${process.env.BUS_URL ? 'NATS' : 'embedded'} bus, ${ROUNDS} rounds after ${WARM_UP} warm-up`,
)
console.log(`whole round trip (9 browser requests): ${summary(whole)}`)
console.log(`callback alone (code exchange + userinfo + session rotation): ${summary(callback)}`)
