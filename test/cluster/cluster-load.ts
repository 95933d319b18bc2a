// What the failover journeys of issue 27 share: visitors filing through the
// home page form, a node taken down while each instance's /readyz is watched,
// and the stream read back by a fresh connection.
import { createNatsBus } from '../../server/bus/nats'
import { sleep, waitFor } from '../bus/wait'
import type { ClusterNode, NatsCluster } from '../support/nats-cluster'
import { bucketForm, createCookieFetch, filedId, openPage, postForm } from '../visitor/visitor-client'

const SAMPLE_MS = 250

export interface Tally {
  /** Record id -> the address it was filed with. */
  readonly filed: Map<string, string>
  readonly statuses: Map<number, number>
  /** When each filing was answered 303, in order. */
  readonly filedAt: number[]
  lastFiled: number
  longestGap: number
}

export const createTally = (): Tally => ({
  filed: new Map(),
  statuses: new Map(),
  filedAt: [],
  lastFiled: Date.now(),
  longestGap: 0,
})

export function count(tally: Tally, status: number): void {
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1)
}

/** Notes one filing answered 303 and the longest pause between two of them. */
export function noteFiled(tally: Tally, id: string, address: string): void {
  tally.filed.set(id, address)
  const now = Date.now()
  tally.filedAt.push(now)
  tally.longestGap = Math.max(tally.longestGap, now - tally.lastFiled)
  tally.lastFiled = now
}

/** One visitor on `base`: opens the home page, files, and sends a refused (503) form again as it came back, until stored. */
export async function visitor(name: string, base: string, tally: Tally, running: () => boolean): Promise<void> {
  const client = createCookieFetch()
  for (let n = 0; running(); n++) {
    const address = `${name}n${n}@example.org`
    const opened = await openPage(client, `${base}/`).catch(() => null)
    if (opened === null || opened.status !== 200) {
      count(tally, opened?.status ?? 0)
      await sleep(200)
      continue
    }
    let form = bucketForm(opened.html, base, 'potholes')
    for (;;) {
      const answers = { ...form.hidden, ...form.selected, street: `Failover ${name}.${n}`, kind: 'pothole' }
      const posted = await postForm(client, form.action, { ...answers, email: address })
      count(tally, posted.status)
      if (posted.status === 303) {
        noteFiled(tally, filedId(posted), address)
        // A visitor's pace, so the mailer's SMTP round trips keep up and every receipt can be counted.
        await sleep(200)
        break
      }
      if (posted.status !== 503) break
      // The 503 page carries the same one-time token: sent again, it is the same filing.
      form = bucketForm(await posted.text(), base, 'potholes')
      await sleep(250)
    }
  }
}

/** `200`, or the status with what the instance says it is missing. */
export async function readiness(base: string): Promise<string> {
  const response = await fetch(`${base}/readyz`).catch(() => null)
  if (response === null) return 'no answer'
  const body = (await response.json()) as { missing?: string[] }
  return response.status === 200 ? '200' : `${response.status} ${(body.missing ?? []).join(',')}`
}

export interface NodeLoss {
  /** Each instance's /readyz as it changed, by ms since the loss. */
  readonly seen: string[]
  /** Per instance, how long its /readyz was not 200 while the node was down (sampled every 250 ms). */
  readonly notReadyMs: number[]
  /** When the node was killed (epoch ms). */
  readonly lostAt: number
}

/**
 * Ms from a node's loss until filing came back: the end of the longest pause between two filings that ended while
 * the node was down. The cluster cannot take a write, nor say what an instance missed, before then.
 */
export function filingBackMs(tally: Tally, loss: NodeLoss, downMs: number): number {
  let longest = { gap: 0, end: loss.lostAt }
  for (let i = 1; i < tally.filedAt.length; i++) {
    const [before, end] = [tally.filedAt[i - 1] ?? 0, tally.filedAt[i] ?? 0]
    if (end > loss.lostAt && end <= loss.lostAt + downMs && end - before > longest.gap)
      longest = { gap: end - before, end }
  }
  return longest.end - loss.lostAt
}

/** Kills `node` with -9, keeps it down `downMs` while the load runs, starts it again and waits for the cluster. */
export async function lose(
  cluster: NatsCluster,
  node: ClusterNode,
  bases: string[],
  downMs: number,
): Promise<NodeLoss> {
  await node.kill()
  const lost = Date.now()
  const seen: string[] = []
  const notReadyMs = bases.map(() => 0)
  let last = ''
  let sampled = lost
  while (Date.now() - lost < downMs) {
    const states = await Promise.all(bases.map((base) => readiness(base)))
    const now = Date.now()
    // Each sample stands for the time since the one before.
    states.forEach((state, i) => {
      if (state !== '200') notReadyMs[i] = (notReadyMs[i] ?? 0) + (now - sampled)
    })
    sampled = now
    const joined = states.join(' | ')
    if (joined !== last) seen.push(`${now - lost} ms: ${joined}`)
    last = joined
    await sleep(SAMPLE_MS)
  }
  await node.start()
  await cluster.ready()
  return { seen, notReadyMs, lostAt: lost }
}

/** The last value `read` gave, once `done` holds or `ms` have passed: the test then says what it was. */
export async function settle<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await sleep(250)
  }
}

export async function reportTotal(base: string, cookie = ''): Promise<number> {
  const response = await fetch(`${base}/report?format=json`, { headers: { cookie } })
  const body = (await response.json()) as { counts?: { count: number }[] }
  // Not answered yet (the cluster settling): no total to compare.
  return body.counts?.reduce((sum, entry) => sum + entry.count, 0) ?? -1
}

/** Every record's events on SVC_RECORDS, counted by record id, read by a fresh connection. */
export async function storedEvents(cluster: NatsCluster): Promise<Map<string, number>> {
  const reader = await createNatsBus({ url: cluster.urls, replicas: 3 })
  try {
    const last = await reader.lastSequence('SVC_RECORDS')
    const events = new Map<string, number>()
    let read = 0
    const stop = await reader.follow('SVC_RECORDS', 'svc.rec.>', {}, (message) => {
      read++
      const id = message.subject.split('.').at(-1) ?? ''
      events.set(id, (events.get(id) ?? 0) + 1)
    })
    await waitFor(() => read >= last, 20_000, 'the whole stream read')
    stop()
    return events
  } finally {
    await reader.close()
  }
}

/** The first error lines of each process's output, should anything go wrong. */
export function firstErrors(outputs: string[]): string[][] {
  return outputs.map((output) =>
    output
      .split('\n')
      .filter((line) => line.includes('"level":"error"'))
      .slice(0, 3)
      .map((line) => line.slice(0, 600)),
  )
}

/** Per process, the lines that tell how its index and connection went, and any 5xx it answered. */
export function indexDiagnostics(outputs: string[]): string[][] {
  const telling =
    /"status":5\d\d|comparing the index|current again|stopped following|reopening a follow|broke off|could not be read|given nothing/
  return outputs.map((output) =>
    output
      .split('\n')
      .filter((line) => telling.test(line))
      .slice(0, 25)
      .map((line) => line.slice(0, 400)),
  )
}
