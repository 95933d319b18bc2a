// The built service on a fresh NATS server, and the records layer on its own
// connection in the test process: records filed here reach the service only
// through the stream, as they would from another instance. Or, for a test of
// what people do, filings and desk moves sent to the service over HTTP, as a
// browser without script sends them (fileOverHttp, moveOverHttp).
import { createCookieFetch, postForm, type CookieFetch } from '../auth/cookie-fetch'
import { startServiceWithIdp } from '../auth/service-with-idp'
import { signIn } from '../auth/sign-in-flow'
import type { TestAccount } from '../auth/test-idp'
import { waitFor } from '../bus/wait'
import { moveForms } from '../desk/desk-world'
import { readPage } from '../desk/page'
import { createNatsBus } from '../../server/bus/nats'
import type { SiteModel } from '../../server/content/model'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import type { Actor, RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { testEffects } from '../records/record-effects'
import { fileThrough, filedId } from '../visitor/visitor-client'

/** The service the world's tests read the report from. */
export type ReportService = Pick<RunningServer, 'url' | 'output' | 'stop'>

export interface ReportWorld {
  readonly nats: NatsServer
  readonly server: ReportService
  readonly site: SiteModel
  readonly index: RecordIndex
  readonly records: Records
  /** Another instance of the service on the same NATS. */
  startService(env?: Record<string, string | undefined>): Promise<RunningServer>
  stop(): Promise<void>
}

/** `people`: the first service signs in against a test provider holding these accounts. */
export async function startReportWorld(
  env: Record<string, string | undefined> = {},
  people?: readonly TestAccount[],
): Promise<ReportWorld> {
  const nats = await startNatsServer()
  const started: ReportService[] = []
  const startService = async (extra: Record<string, string | undefined> = {}) => {
    const service = await startServer({ BUS_URL: nats.url, ...extra })
    started.push(service)
    return service
  }
  const bus = await createNatsBus({ url: nats.url })
  const index = createRecordIndex(bus, { repairDelayMs: 50 })
  const stop = async () => {
    index.close()
    await Promise.all(started.map((service) => service.stop()))
    await bus.close()
    await nats.stop()
  }
  try {
    const first = async (): Promise<ReportService> => {
      if (people === undefined) return startService(env)
      const run = await startServiceWithIdp({ accounts: people, env: { BUS_URL: nats.url, ...env } })
      const service = { url: run.service, output: run.output, stop: () => run.stop() }
      started.push(service)
      return service
    }
    const [server, site] = await Promise.all([first(), loadDemo(), index.ready])
    const records = createRecords({ bus, site: () => site, index, effects: testEffects(bus, index) })
    return { nats, server, site, index, records, startService, stop }
  } catch (error) {
    // A service that never started (a build being replaced, say) must not leave its nats-server behind.
    await stop()
    throw error
  }
}

const visitor: Actor = { kind: 'visitor', session: 'report-test' }
const desk: Actor = { kind: 'person', subject: 'desk-test', name: 'Desk' }

export function fileRecord(
  records: Records,
  bucket: string,
  storyline: string,
  fields: Record<string, string>,
): Promise<RecordView> {
  return records.file({ bucket, storyline, fields, submitter: 'session:report-test', actor: visitor })
}

/** Moves `record` along the named desk edges, one after another. */
export async function moveRecord(records: Records, record: RecordView, ...edges: string[]): Promise<RecordView> {
  let current = record
  for (const edge of edges) {
    current = (
      await records.move({
        bucket: current.bucket,
        id: current.id,
        edge,
        via: 'desk',
        expectSeq: current.seq,
        actor: desk,
      })
    ).record
  }
  return current
}

/**
 * A visitor given `storyline` on an earlier visit (and counted then, so not
 * again) filing from the home page's form: the page's own CSRF and one-time
 * tokens, POST /file/<bucket>, a 303 back. Answers the filed record's id.
 */
export async function fileOverHttp(
  base: string,
  storyline: string,
  bucket: string,
  fields: Record<string, string>,
): Promise<string> {
  const visitor = createCookieFetch()
  visitor.setCookie(base, 'svc_story', storyline)
  return filedId(await fileThrough(visitor, base, '/', bucket, fields))
}

/** A browser signed in as `login`, reading in the first storyline; never counted as a visitor. */
export async function signedIn(base: string, login: string): Promise<CookieFetch> {
  const browser = createCookieFetch()
  browser.setCookie(base, 'svc_story', 'plain')
  await signIn(browser, base, login)
  return browser
}

/** Presses the named move buttons on the record's desk page, one after another, as `browser`. */
export async function moveOverHttp(
  browser: CookieFetch,
  base: string,
  desk: string,
  record: { readonly bucket: string; readonly id: string },
  ...edges: string[]
): Promise<void> {
  const path = `/desk/${desk}/${record.bucket}/${record.id}`
  for (const edge of edges) {
    let form: ReturnType<typeof moveForms>[number] | undefined
    // The page offers the edge once this instance has seen the record in the state before it.
    await waitFor(
      async () => {
        const response = await browser(`${base}${path}`)
        const body = await response.text()
        const page = { status: response.status, headers: response.headers, body, page: readPage(body) }
        form = moveForms(page).find((f) => f.fields.edge === edge)
        return form !== undefined
      },
      10_000,
      `${edge} offered on ${path}`,
    )
    const moved = await postForm(browser, new URL(form!.action, base), form!.fields)
    if (moved.status !== 303) throw new Error(`${edge} on ${path} answered ${moved.status}: ${await moved.text()}`)
  }
}
