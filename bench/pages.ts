// Page views under load, each beside a bare node:http server answering the
// very same bytes (the ratio is what the performance issue sets targets on):
// anonymous pages (a returning visitor and a first visit), a signed-in desk
// listing of 25 records, and /healthz. One instance on a nats-server, rate
// limit off, wrk -t1 -c64 on loopback. PAGES_SECONDS per run (default 10);
// PAGES_ONLY to run only the targets whose path contains it.
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signIn } from '../test/auth/sign-in-flow'
import { rawRequest } from '../test/support/raw-http'
import { readBusSize } from './support/bus-size'
import { serveSameBytes } from './support/same-bytes'
import { startCaseworkerService } from './support/caseworker-service'
import { requireBuild } from './support/service'
import { table } from './support/timing'
import { fileReport } from './support/visits'
import { requireWrk, runWrk } from './support/wrk'

const SECONDS = Number(process.env.PAGES_SECONDS ?? 10)
const CONNECTIONS = 64
const RETURNING = 'svc_story=plain; svc_visitor=benchVisitorCookie0000'

requireBuild()
requireWrk()
const run = await startCaseworkerService('pages')
const { base, nats, service } = run

async function sessionsStored(): Promise<number> {
  return (await readBusSize(nats.url)).get('KV_svc_sessions')?.messages ?? 0
}

try {
  // 30 reports, so the desk's first page is a full 25.
  for (let n = 0; n < 30; n++) await fileReport(base, n)
  const caseworker = createCookieFetch()
  await signIn(caseworker, base, 'kari')
  const desk = `svc_story=plain; svc_session=${caseworker.cookie(base, 'svc_session') ?? ''}`
  const targets = [
    { what: 'GET / anonymous, returning', path: '/', cookie: RETURNING },
    { what: 'GET /about anonymous, returning', path: '/about', cookie: RETURNING },
    { what: 'GET / first visit (no cookie)', path: '/', cookie: undefined },
    { what: 'GET /desk/caseworkers (25), signed in', path: '/desk/caseworkers', cookie: desk },
    { what: 'GET /healthz', path: '/healthz', cookie: undefined },
  ]
  // PAGES_ONLY=<text>: only the targets whose path contains it (to profile one, with BENCH_CPU_PROF).
  const only = process.env.PAGES_ONLY
  const chosen = only === undefined ? targets : targets.filter((target) => target.path.includes(only))
  const sessionsBefore = await sessionsStored()
  const rows: (string | number)[][] = [
    ['what', 'bytes', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'node:http req/s', 'node:http p99 ms', 'ratio'],
  ]
  for (const target of chosen) {
    const headers: Record<string, string> = target.cookie === undefined ? {} : { cookie: target.cookie }
    // A fresh connection: a pooled one may have been closed by the server's keep-alive timeout meanwhile.
    const sample = await rawRequest(base, target.path, { headers })
    if (sample.status !== 200) throw new Error(`[svc] [bench] ${target.path} answered ${sample.status}`)
    const body = Buffer.from(sample.body)
    const reference = await serveSameBytes(body, String(sample.headers['content-type'] ?? 'text/html'))
    try {
      const measured = await runWrk(`${base}${target.path}`, { seconds: SECONDS, connections: CONNECTIONS, headers })
      const bare = await runWrk(reference.url, { seconds: SECONDS, connections: CONNECTIONS })
      rows.push([
        target.what,
        body.length,
        measured.requestsPerSecond.toFixed(0),
        measured.p50Ms.toFixed(2),
        measured.p99Ms.toFixed(2),
        measured.errors,
        bare.requestsPerSecond.toFixed(0),
        // The machine's own tail at this load: what the service's p99 stands beside.
        bare.p99Ms.toFixed(2),
        `${(measured.requestsPerSecond / bare.requestsPerSecond).toFixed(3)}x`,
      ])
    } finally {
      await reference.close()
    }
  }
  console.log(
    `pages: wrk -t1 -c${CONNECTIONS}, ${SECONDS} s per run, one instance on nats-server, Node ${process.version}`,
  )
  console.log(table(rows))
  console.log(`sessions written during the runs: ${(await sessionsStored()) - sessionsBefore}`)
} catch (error) {
  console.error(service.output().slice(-3000))
  throw error
} finally {
  await run.stop()
}
