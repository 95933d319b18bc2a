// The built service on a fresh NATS server, and the records layer on its own
// connection in the test process: records filed here reach the service only
// through the stream, as they would from another instance.
import { createNatsBus } from '../../server/bus/nats'
import type { SiteModel } from '../../server/content/model'
import { createRecordIndex, type RecordIndex } from '../../server/records/record-index'
import { createRecords, type Records } from '../../server/records/records'
import type { Actor, RecordView } from '../../server/records/types'
import { loadDemo } from '../support/demo-site'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { startServer, type RunningServer } from '../support/server'
import { testEffects } from '../records/record-effects'

export interface ReportWorld {
  readonly nats: NatsServer
  readonly server: RunningServer
  readonly site: SiteModel
  readonly index: RecordIndex
  readonly records: Records
  /** Another instance of the service on the same NATS. */
  startService(env?: Record<string, string | undefined>): Promise<RunningServer>
  stop(): Promise<void>
}

export async function startReportWorld(env: Record<string, string | undefined> = {}): Promise<ReportWorld> {
  const nats = await startNatsServer()
  const started: RunningServer[] = []
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
    const [server, site] = await Promise.all([startService(env), loadDemo(), index.ready])
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
