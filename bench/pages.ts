// Page views under load, each beside two references answering the very same
// bytes in the same run: a bare node:http server, and a bare Nitro app built
// with the project's own nitropack (one catch-all route, no middleware, no
// plugins: the ceiling of the stack the service is built on). For `/`,
// `/about` and every form page the demo shows an anonymous visitor: a first
// visit (no cookie) and a returning visit (with the cookies the first visit
// set); then the signed-in desk listing of 25 records and /healthz. One
// instance on a nats-server, rate limit off, wrk -t1 -c64 on loopback, on the
// runtime `npm run bench` runs (the pinned one, as the release).
// PAGES_SECONDS per run (default 10), taken in 2-second slices that take
// turns with the two references' (a machine shared with others then slows all
// three alike); PAGES_RUNS rounds (default 1; the table gives medians and each
// round's ratio to the bare Nitro app); PAGES_ONLY to run only the
// targets whose description contains it, e.g. 'GET / first' (to profile one,
// with BENCH_CPU_PROF).
import { createCookieFetch } from '../test/auth/cookie-fetch'
import { signIn } from '../test/auth/sign-in-flow'
import { rawRequest } from '../test/support/raw-http'
import { readBusSize } from './support/bus-size'
import { serveSameBytes } from './support/same-bytes'
import { startCaseworkerService } from './support/caseworker-service'
import { startNitroReference, type SamePage } from './support/nitro-reference'
import { requireBuild } from './support/service'
import { joinSlices, lowestToNitro, pageRows, type Round } from './support/page-rounds'
import { table } from './support/timing'
import { fileReport, findPages } from './support/visits'
import { requireWrk, runWrk } from './support/wrk'

const SECONDS = Number(process.env.PAGES_SECONDS ?? 10)
const RUNS = Number(process.env.PAGES_RUNS ?? 1)
const SLICES = Math.max(1, Math.round(SECONDS / 2))
// Issue 32: every anonymous page at least this share of the bare Nitro app on the same bytes.
const NITRO_TARGET = 0.8
const CONNECTIONS = 64
const FORM_PAGES_MAX = 3

interface Target {
  readonly what: string
  readonly path: string
  readonly headers: Record<string, string>
  /** Anyone's page: held to the bare Nitro target. */
  readonly anonymous: boolean
}

requireBuild()
requireWrk()
const run = await startCaseworkerService('pages')
const { base, nats, service } = run

async function sessionsStored(): Promise<number> {
  return (await readBusSize(nats.url)).get('KV_svc_sessions')?.messages ?? 0
}

/** What one GET answers, as the references must answer it: 200 or the bench stops. */
async function sample(target: Target): Promise<SamePage & { cookies: string }> {
  // A fresh connection: a pooled one may have been closed by the server's keep-alive timeout meanwhile.
  const answer = await rawRequest(base, target.path, { headers: target.headers })
  if (answer.status !== 200) throw new Error(`[svc] [bench] ${target.path} answered ${answer.status}`)
  const setCookie = answer.headers['set-cookie'] ?? []
  return {
    body: Buffer.from(answer.body),
    contentType: String(answer.headers['content-type'] ?? 'text/html'),
    cookies: (Array.isArray(setCookie) ? setCookie : [setCookie]).map((line) => line.split(';')[0]).join('; '),
  }
}

/** The anonymous pages measured: `/`, `/about`, and the form pages found by following links from `/`. */
async function anonymousPages(): Promise<string[]> {
  const formPages: string[] = []
  for (const path of await findPages(base)) {
    if (formPages.length >= FORM_PAGES_MAX) break
    const body = await (await fetch(`${base}${path}`)).text()
    if (path !== '/' && body.includes('action="/file/')) formPages.push(path)
  }
  return ['/', '/about', ...formPages]
}

try {
  // 30 reports, so the desk's first page is a full 25.
  for (let n = 0; n < 30; n++) await fileReport(base, n)
  const caseworker = createCookieFetch()
  await signIn(caseworker, base, 'kari')
  const desk = `svc_story=plain; svc_session=${caseworker.cookie(base, 'svc_session') ?? ''}`
  const targets: Target[] = []
  for (const path of await anonymousPages()) {
    const first = { what: `GET ${path} first visit (no cookie)`, path, headers: {}, anonymous: true }
    const cookies = (await sample(first)).cookies
    const headers: Record<string, string> = cookies === '' ? {} : { cookie: cookies }
    targets.push(first, { what: `GET ${path} returning`, path, headers, anonymous: true })
  }
  targets.push(
    {
      what: 'GET /desk/caseworkers (25), signed in',
      path: '/desk/caseworkers',
      headers: { cookie: desk },
      anonymous: false,
    },
    { what: 'GET /healthz', path: '/healthz', headers: {}, anonymous: false },
  )
  const only = process.env.PAGES_ONLY
  const chosen = only === undefined ? targets : targets.filter((target) => target.what.includes(only))
  const samples = await Promise.all(chosen.map(sample))
  const nitro = await startNitroReference(samples)
  const sessionsBefore = await sessionsStored()
  const rounds: Round[][] = chosen.map(() => [])
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const [n, target] of chosen.entries()) {
        const page = samples[n]!
        const reference = await serveSameBytes(page.body, page.contentType)
        try {
          const slices: Round[] = []
          for (let slice = 0; slice < SLICES; slice++) {
            const load = { seconds: SECONDS / SLICES, connections: CONNECTIONS }
            const service = await runWrk(`${base}${target.path}`, { ...load, headers: target.headers })
            const bare = await runWrk(reference.url, load)
            slices.push({ service, bare, ceiling: await runWrk(nitro.url(n), load) })
          }
          rounds[n]!.push(joinSlices(slices))
        } finally {
          await reference.close()
        }
      }
    }
  } finally {
    await nitro.stop()
  }
  console.log(
    `pages: wrk -t1 -c${CONNECTIONS}, ${SECONDS} s per run in ${SLICES} slices, ${RUNS} round(s), one instance on nats-server, ` +
      `Node ${process.version}; figures are medians of the rounds, errors count every run`,
  )
  console.log(
    table(
      pageRows(
        chosen.map((target, n) => ({ ...target, bytes: samples[n]!.body.length })),
        rounds,
      ),
    ),
  )
  const lowest = lowestToNitro(rounds.filter((_, n) => chosen[n]!.anonymous))
  if (lowest !== undefined) {
    const verdict = lowest.ratio >= NITRO_TARGET ? 'met' : 'not met'
    const what = chosen.filter((target) => target.anonymous)[lowest.target]!.what
    console.log(
      `target: every anonymous page at least ${NITRO_TARGET}x the bare Nitro app in every round: ${verdict} ` +
        `(lowest ${lowest.ratio.toFixed(2)}x, ${what})`,
    )
  }
  console.log(`sessions written during the runs: ${(await sessionsStored()) - sessionsBefore}`)
} catch (error) {
  console.error(service.output().slice(-3000))
  throw error
} finally {
  await run.stop()
}
