// Losing a node under load, as staff see it (issue 27, item 3): two instances
// in development mode (the development provider signs staff in) and the mailer
// at BUS_REPLICAS=3 on a three-node cluster, visitors filing and viewing pages
// on both, caseworkers signed in on one instance working on the other, and a
// caseworker inviting people who accept on the other instance. The node
// leading SVC_RECORDS is killed with -9, later the meta leader, each restarted.
// A session made on one instance is taken by the other; a desk move made on
// one shows on the very next view of the record on the other, and on its
// public list (the page cache) too; an invite made on one is accepted on the
// other. Figures are printed as one line of JSON.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCookieFetch, type CookieFetch } from '../auth/cookie-fetch'
import { sleep, waitFor } from '../bus/wait'
import { attr, readPage } from '../desk/page'
import { invite, invitePathIn } from '../people/people-forms'
import { cleanEnv } from '../support/global-setup'
import { startNatsCluster, type NatsCluster } from '../support/nats-cluster'
import { ROOT, startDevServer, type RunningServer } from '../support/server'
import { startSmtpServer, type TestSmtp } from '../support/smtp-server'
import { fileThrough, filedId, mainOf, openPage, postForm } from '../visitor/visitor-client'
import {
  count,
  createTally,
  filingBackMs,
  firstErrors,
  indexDiagnostics,
  lose,
  noteFiled,
  readiness,
  reportTotal,
  settle,
  storedEvents,
  visitor,
  type Tally,
} from './cluster-load'
import { createSiteBrowser, signInPatiently } from './site-browser'

const VISITORS = 8
const STAFF = 4
const DOWN_MS = 15_000
// How long after the cluster takes filings again an instance may still say 503: its catch-up, once the
// stream has a leader that can say what it missed. A follow made again then asks for a consumer for up to
// 1.5 s before it reads the stream instead, and the index checks every second: 3 s (a gate run took 2.3 s).
const READY_AFTER_FILING_MS = 3000

type Instance = RunningServer & { readonly site: string }

let cluster: NatsCluster
let smtp: TestSmtp
let instances: Instance[]
let mailer: ChildProcess
let mailerOutput = ''

beforeAll(async () => {
  ;[cluster, smtp] = await Promise.all([startNatsCluster({ size: 3 }), startSmtpServer()])
  const bus = { BUS_URL: cluster.urls, BUS_REPLICAS: '3', MAIL_FROM: 'site@example.org' }
  // With SMTP_URL the instances leave mail to the mailer process, as in production.
  const first = await startDevServer({ ...bus, SMTP_URL: smtp.url })
  instances = [first, await startDevServer({ ...bus, SMTP_URL: smtp.url })]
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    env: cleanEnv({ ...bus, SMTP_URL: smtp.url, SITE_NAME: 'Road Watch', PUBLIC_URL: first.site }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  mailer.stdout?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
  mailer.stderr?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
  // Its bus waits out the cluster settling its R3 streams first (up to 15 s each step): said with its output if not.
  await waitFor(() => mailerOutput.includes('"area":"start"'), 60_000, 'the mailer started').catch((error: unknown) => {
    throw new Error(`${String(error)}\n--- mailer output ---\n${mailerOutput.slice(-3000)}`)
  })
  for (const instance of instances)
    await waitFor(async () => (await readiness(instance.site)) === '200', 60_000, 'an instance ready')
}, 150_000)

afterAll(async () => {
  mailer?.kill('SIGKILL')
  await Promise.all((instances ?? []).map((instance) => instance.stop()))
  await Promise.all([smtp?.stop(), cluster?.stop()])
})

const browser = (): CookieFetch => createSiteBrowser(() => instances.map((instance) => instance.site))
// Sign-ins refused and tried again (a 503 page asks a person to try again), with why.
const signInRetries: string[] = []
const signInAgainAndAgain = (client: CookieFetch, site: string, person: string, returnTo?: string) =>
  signInPatiently(client, site, person, signInRetries, returnTo)

interface StaffFigures {
  moved: Map<string, string>
  moveStatuses: Map<number, number>
  /** Views on the other instance, right after a move there answered 303. */
  deskViews: number
  deskStale: string[]
  sessionRefused: string[]
  publicViews: number
  /** ms until the public list on the other instance showed a move it did not show at once. */
  publicLate: number[]
  /** Views answered 503 and tried again (the cluster electing a leader). */
  unavailableViews: number
  /** Moves whose record newer ones pushed off the first page of the public list on both instances before it was seen. */
  publicOffFirstPage: number
}

/** A page as a person gets it: a 503 ("try again in a moment") is tried again a moment later, and counted. */
async function viewed(client: CookieFetch, url: string, figures: StaffFigures): Promise<Response> {
  for (let tries = 1; ; tries++) {
    const response = await client(url)
    if (response.status !== 503 || tries === 40) return response
    figures.unavailableViews++
    await sleep(250)
  }
}

/** Whether the public list of pothole reports on `site`, as anyone sees it, shows `street`. */
async function publicListShows(site: string, street: string): Promise<boolean> {
  const anyone = createCookieFetch()
  anyone.setCookie(site, 'svc_story', 'plain')
  const page = await openPage(anyone, `${site}/potholes`).catch(() => null)
  return page !== null && page.status === 200 && mainOf(page.html).includes(`>${street}<`)
}

/** A caseworker signed in on one instance, reading and checking on the other, moving on the first. */
async function caseworker(k: number, tally: Tally, figures: StaffFigures, running: () => boolean): Promise<void> {
  const here = instances[k % 2]?.site ?? ''
  const there = instances[(k + 1) % 2]?.site ?? ''
  const kari = browser()
  kari.setCookie(here, 'svc_story', 'plain')
  await signInAgainAndAgain(kari, here, 'kari')
  for (let n = 0; running(); n++) {
    const me = await viewed(kari, `${there}/auth/me`, figures).catch(() => null)
    if (me?.status !== 200) figures.sessionRefused.push(`${Date.now()}: ${me?.status ?? 'no answer'}`)
    const street = `Staff ${k} ${n}`
    const filed = await fileThrough(kari, here, '/', 'potholes', { street, kind: 'pothole' }).catch(() => null)
    count(tally, filed?.status ?? 0)
    if (filed?.status !== 303) {
      await sleep(250)
      continue
    }
    const id = filedId(filed)
    noteFiled(tally, id, '')
    const path = `/desk/caseworkers/potholes/${id}`
    // Read on the other instance: the record is new there too, and not on the public list.
    const seen = await viewed(kari, `${there}${path}`, figures)
    const page = readPage(await seen.text())
    const forms = page.all('form.desk-move').map((form) =>
      Object.fromEntries(
        page
          .all('form.desk-move input')
          .filter((input) => input.parent === form)
          .map((input) => [attr(input, 'name'), attr(input, 'value')]),
      ),
    )
    const fields = forms.find((form) => form.edge === 'accept')
    if (seen.status !== 200 || fields === undefined) {
      figures.deskStale.push(`${id}: ${seen.status} before the move`)
      continue
    }
    figures.publicViews++
    if (await publicListShows(there, street)) figures.deskStale.push(`${id}: public before the move`)
    // Moved on this instance; a 503 keeps the one-time token, so the same form sent again is the same move.
    let moved = await postForm(kari, new URL(`${here}${path}/move`), fields)
    for (let retry = 0; moved.status === 503 && retry < 40; retry++) {
      figures.moveStatuses.set(503, (figures.moveStatuses.get(503) ?? 0) + 1)
      await sleep(250)
      moved = await postForm(kari, new URL(`${here}${path}/move`), fields)
    }
    figures.moveStatuses.set(moved.status, (figures.moveStatuses.get(moved.status) ?? 0) + 1)
    if (moved.status !== 303) continue
    figures.moved.set(id, street)
    const movedAt = Date.now()
    // The very next view on the other instance shows the move.
    figures.deskViews++
    const next = await viewed(kari, `${there}${path}`, figures)
    const after = readPage(await next.text())
    if (after.text('.desk-state') !== 'Pothole reports: Accepted')
      figures.deskStale.push(
        `${id}: ${next.status} ${after.text('.desk-state') || after.text('main h1')} after the move`,
      )
    figures.publicViews++
    if (!(await publicListShows(there, street))) {
      let shown = false
      while (!shown && Date.now() - movedAt < 30_000) {
        await sleep(50)
        shown = await publicListShows(there, street)
      }
      // The list is newest filing first: records filed after this one and accepted since can push it off the
      // first page, on both instances alike; that is no stale page.
      if (shown || (await publicListShows(here, street))) figures.publicLate.push(Date.now() - movedAt)
      else figures.publicOffFirstPage++
    }
    await sleep(200)
  }
}

interface InviteFigures {
  made: number
  acceptedOnSecondTry: number
  unavailable: number
  accepted: number
  refused: string[]
  // From each invite's 303 to its mail at the SMTP server; a mail missed in time is waited for a while longer, so a
  // late mail tells from a lost one.
  mailMs: number[]
  missedMailMs: Promise<number | null>[]
}

/** A caseworker on the first instance inviting people into Street Watch, each accepting on the second. */
async function inviter(figures: InviteFigures, running: () => boolean): Promise<void> {
  const [here, there] = instances.map((instance) => instance.site) as [string, string]
  const kari = browser()
  kari.setCookie(here, 'svc_story', 'plain')
  await signInAgainAndAgain(kari, here, 'kari')
  for (let n = 0; running(); n++) {
    const address = `invited${n}@example.org`
    const person = { name: `Invited ${n}`, contact: address, group: 'volunteers' }
    // A 503 (the cluster electing a leader) is tried again, as a person would.
    const sent = await invite(kari, here, 'caseworkers', person).catch((error: unknown) => String(error))
    if (typeof sent === 'string' || sent.status !== 303) {
      const what = typeof sent === 'string' ? sent : String(sent.status)
      if (what.includes('503')) figures.unavailable++
      else figures.refused.push(`invite ${n}: ${what}`)
      await sleep(500)
      continue
    }
    figures.made++
    const madeAt = Date.now()
    const mailFor = () => smtp.received.find((received) => JSON.stringify(received.to ?? '').includes(address))
    const mail = await settle(mailFor, (found) => found !== undefined, 30_000)
    if (mail === undefined) {
      figures.refused.push(`invite ${n}: no mail`)
      figures.missedMailMs.push(
        settle(mailFor, (found) => found !== undefined, 60_000).then((late) =>
          late === undefined ? null : Date.now() - madeAt,
        ),
      )
      continue
    }
    figures.mailMs.push(Date.now() - madeAt)
    const path = invitePathIn(mail.text ?? '')
    const invited = browser()
    invited.setCookie(there, 'svc_story', 'plain')
    await signInAgainAndAgain(invited, there, address, path)
    let welcome = await (await invited(`${there}${path}`)).text()
    const accepted = () => welcome.includes('You are now in <strong>Street Watch volunteers</strong>')
    // Still "You are invited" (the acceptance met a leader election): the person presses "Sign in to accept" again
    // a moment later, as often as it takes while the cluster elects, and the invite is still there to accept.
    // How many needed a second try is a figure to watch (issue 27 stays open on it), not a pass or fail.
    for (let again = 0; !accepted() && again < 5; again++) {
      if (again === 0) figures.acceptedOnSecondTry++
      await sleep(again * 2000)
      await signInAgainAndAgain(invited, there, address, path)
      welcome = await (await invited(`${there}${path}`)).text()
    }
    if (accepted()) figures.accepted++
    else figures.refused.push(`invite ${n}: ${mainOf(welcome).slice(0, 200)}`)
    await sleep(1000)
  }
}

describe('a node lost under load, as staff see it (BUS_REPLICAS=3, two instances, the mailer)', () => {
  it('keeps sessions, desk views, the page cache and invites right across instances, and every move once', async () => {
    const bases = instances.map((instance) => instance.site)
    const tally = createTally()
    const staff: StaffFigures = {
      moved: new Map(),
      moveStatuses: new Map(),
      deskViews: 0,
      deskStale: [],
      sessionRefused: [],
      publicViews: 0,
      publicLate: [],
      unavailableViews: 0,
      publicOffFirstPage: 0,
    }
    const invites: InviteFigures = {
      made: 0,
      acceptedOnSecondTry: 0,
      unavailable: 0,
      accepted: 0,
      refused: [],
      mailMs: [],
      missedMailMs: [],
    }
    let running = true
    const load = Promise.all([
      ...Array.from({ length: VISITORS }, (_, k) => visitor(`s${k}`, bases[k % 2] ?? '', tally, () => running)),
      ...Array.from({ length: STAFF }, (_, k) => caseworker(k, tally, staff, () => running)),
      inviter(invites, () => running),
    ])
    await sleep(5000)
    const lateBefore = staff.publicLate.length
    const streamLeaderDown = await lose(cluster, await cluster.leader('SVC_RECORDS'), bases, DOWN_MS)
    await sleep(3000)
    const metaLeaderDown = await lose(cluster, await cluster.leader(), bases, DOWN_MS)
    // After both nodes are back: a quiet cluster, every move on the other instance's list at once.
    const lateAfterLosses = staff.publicLate.length
    await sleep(8000)
    running = false
    await load

    const events = await storedEvents(cluster)
    const lost = [...tally.filed.keys()].filter((id) => !events.has(id))
    // A visitor's filing is one event; a caseworker's filing and its move are two.
    const wrongCount = [...events].filter(([id, n]) => n !== (staff.moved.has(id) ? 2 : 1))
    const kari = browser()
    await signInAgainAndAgain(kari, bases[0] ?? '', 'kari')
    const cookie = `svc_session=${kari.cookie(bases[0] ?? '', 'svc_session') ?? ''}`
    const reports = await Promise.all(
      bases.map((base) =>
        settle(
          () => reportTotal(base, cookie),
          (total) => total === events.size,
          20_000,
        ),
      ),
    )
    console.log(
      JSON.stringify({
        answered303: tally.filed.size,
        stored: events.size,
        lost: lost.length,
        wrongEventCounts: wrongCount.length,
        statuses: Object.fromEntries(tally.statuses),
        reports,
        moved: staff.moved.size,
        moveStatuses: Object.fromEntries(staff.moveStatuses),
        deskViewsOnOther: staff.deskViews,
        unavailableViewsOnOther: staff.unavailableViews,
        deskStale: staff.deskStale,
        sessionRefusedOnOther: staff.sessionRefused,
        publicViewsOnOther: staff.publicViews,
        publicLateMs: staff.publicLate,
        publicOffFirstPage: staff.publicOffFirstPage,
        publicLateBeforeLosses: lateBefore,
        publicLateAfterLosses: staff.publicLate.length - lateAfterLosses,
        invites: { ...invites, missedMailMs: await Promise.all(invites.missedMailMs) },
        signInRetries,
        longestGapMs: tally.longestGap,
        filingBackMsWithStreamLeaderDown: filingBackMs(tally, streamLeaderDown, DOWN_MS),
        filingBackMsWithMetaLeaderDown: filingBackMs(tally, metaLeaderDown, DOWN_MS),
        notReadyMsWithStreamLeaderDown: streamLeaderDown.notReadyMs,
        notReadyMsWithMetaLeaderDown: metaLeaderDown.notReadyMs,
        readyWithStreamLeaderDown: streamLeaderDown.seen,
        readyWithMetaLeaderDown: metaLeaderDown.seen,
        errors: firstErrors([...instances.map((instance) => instance.output()), mailerOutput]),
        // How each instance's index and connection went, and any 5xx it answered.
        diagnostics: indexDiagnostics(instances.map((instance) => instance.output())),
        mailerDiagnostics: mailerOutput
          .split('\n')
          .filter((line) => /"level":"(warn|error)"/.test(line))
          .slice(0, 25)
          .map((line) => line.slice(0, 400)),
      }),
    )
    expect(tally.filed.size).toBeGreaterThan(100)
    expect(staff.moved.size).toBeGreaterThan(20)
    expect(lost).toEqual([])
    expect(wrongCount).toEqual([])
    expect(events.size).toBe(tally.filed.size)
    expect(tally.statuses.get(500) ?? 0).toBe(0)
    expect(staff.moveStatuses.get(500) ?? 0).toBe(0)
    expect(reports).toEqual([events.size, events.size])
    expect(staff.sessionRefused).toEqual([])
    expect(staff.deskStale).toEqual([])
    // The page cache: the move on the very next view, before, during and after the losses (the other instance is
    // told of each append and waits for its index to take it in: server/records/heard-appends.ts).
    expect(staff.publicLate).toEqual([])
    // Each invite waits for its mail behind the visitors' receipts: a few in a run.
    expect(invites.made).toBeGreaterThan(1)
    expect(invites.refused).toEqual([])
    expect(invites.accepted).toBe(invites.made)
    expect(tally.longestGap).toBeLessThan(10_000)
    for (const loss of [streamLeaderDown, metaLeaderDown])
      for (const ms of loss.notReadyMs)
        expect(ms).toBeLessThanOrEqual(filingBackMs(tally, loss, DOWN_MS) + READY_AFTER_FILING_MS)
    for (const instance of instances) expect(instance.output()).not.toMatch(/"status":500/)
  }, 300_000)
})
