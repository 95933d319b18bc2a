// How long signing in takes: the built service (npm run build first) against
// a real oidc-provider in this process, over every browser hop of a sign-in
// (9 requests), and the callback alone (code exchange, userinfo, a new
// session created and the old one deleted). BUS_URL set measures on NATS.
// Run: node bench/run.mjs sign-in
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signInUntilCallback } from '../test/auth/sign-in-flow'
import { startTestIdp } from '../test/auth/test-idp'
import { freePort } from '../test/support/server'
import { stopOnExit } from './support/cleanup'
import { requireBuild, startService } from './support/service'

const ROUNDS = 40
const WARM_UP = 5
const CLIENT = { clientId: 'svc-bench', clientSecret: 'bench-client-secret' }

requireBuild()
// PUBLIC_URL is needed at start, so the service's port is picked before.
const port = await freePort()
const service = `http://127.0.0.1:${port}`
const idp = stopOnExit(
  await startTestIdp({
    ...CLIENT,
    redirectUri: `${service}/auth/callback`,
    accounts: [{ id: 'kari', claims: { email: 'kari@example.org', groups: ['caseworkers'] } }],
  }),
)
const instance = await startService({
  ...(process.env.BUS_URL === undefined ? {} : { BUS_URL: process.env.BUS_URL }),
  PORT: String(port),
  IDP_URL: idp.url,
  OAUTH2_CLIENT_ID: CLIENT.clientId,
  OAUTH2_CLIENT_SECRET: CLIENT.clientSecret,
  PUBLIC_URL: service,
}).catch(async (error: unknown) => {
  await idp.stop()
  throw error
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
  await instance.stop()
  await idp.stop()
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
