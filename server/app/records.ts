// The process-wide records: one index per instance, fed by the stream, and
// the records layer over it.
import type { Config } from '../config/schema'
import { readPublicUrl } from '../sign-in/sign-in-settings'
import { createRecordEffects } from '../effects/record-effects'
import { createEraseLeftovers } from '../effects/erase-leftovers'
import { outboxDir } from '../mail/mailer-setup'
import { useStore } from './store'
import { createEffectsCatchUp } from '../records/effects-catch-up'
import { startSnapshotWriter } from '../records/index-snapshot-writer'
import { startSnapshotErasure } from '../records/index-snapshot-erasure'
import type { IndexStatus } from '../records/record-feed'
import { createRecordIndex, type RecordIndex } from '../records/record-index'
import { createRecords, type Records } from '../records/records'
import { useBus } from './bus'
import { useContent, useContentStore } from './content'
import { usePeopleBackend } from './people-backend'
import type { GroupGrants } from '../records/grants'
import { isDevelopment } from '../config/mode'
import { createCaseSigner } from '../visitor/case-token'
import { useCaseSecret } from './case-secret'
import { BusReplicasError, BusUnavailableError } from '../bus/errors'
import { log } from '../log'

interface LiveRecords {
  readonly index: RecordIndex
  readonly records: Records
}

let live: Promise<LiveRecords> | null = null
let liveIndex: RecordIndex | null = null
// Set once the index has replayed: what a request that must not wait reads.
let settled: LiveRecords | null = null

// A start on a cluster still electing leaders (or a bus that is down) is tried
// again until it works, rather than leave the instance answering 500 for good.
const RETRY_PAUSES_MS = [500, 1000, 2000, 5000]
// The longest a view waits for an event another instance said it appended: the follow of an index on a cluster
// that lost a node reopens within about 2 s.
const HEARD_WAIT_MS = 3000

export function startRecords(config: Config): Promise<LiveRecords> {
  live = (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await startOnce(config)
      } catch (error) {
        if (!isBusTrouble(error)) throw error
        const retryInMs = RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)] ?? 5000
        log('warn', 'records', '[svc] [records] starting the records failed on the bus; trying again', {
          attempt: attempt + 1,
          retryInMs,
          error: String(error),
        })
        await new Promise((resolve) => setTimeout(resolve, retryInMs))
      }
    }
  })()
  return live
}

/** Bus trouble that passes (no leader, a timeout); not a setting the cluster cannot meet. */
function isBusTrouble(error: unknown): boolean {
  if (error instanceof BusReplicasError) return false
  if (error instanceof BusUnavailableError) return true
  if (error instanceof Error && error.message.startsWith('[svc] [bus]')) return true
  return error instanceof Error && error.cause !== undefined && isBusTrouble(error.cause)
}

async function startOnce(config: Config): Promise<LiveRecords> {
  let index: RecordIndex | null = null
  try {
    const [bus, first, caseSecret] = await Promise.all([useBus(), useContent(), useCaseSecret()])
    // Through the backend PEOPLE_BACKEND chose; on memberships, one view per instance, so grants here show here at once.
    const grants = {
      grant: async (...args: Parameters<GroupGrants['grant']>) => (await usePeopleBackend()).grant(...args),
    }
    const site = () => useContentStore()?.current()?.site ?? first.site
    const publicUrl = readPublicUrl(config, isDevelopment(config)) ?? ''
    // Links in mail to a submitter open the case for as long as the mail's reply address takes replies.
    const signCase = createCaseSigner(caseSecret, config.MAIL_REPLY_DAYS)
    // Asked only once the index below exists.
    const lookup = (bucket: string, id: string) => made.get(bucket, id)
    const effects = createRecordEffects({ bus, grants, publicUrl, lookup, signCase })
    const made = createRecordIndex(bus, { catchUp: createEffectsCatchUp({ site, effects }) })
    index = made
    liveIndex = made
    const leftovers = createEraseLeftovers({ store: useStore, outbox: outboxDir(config) })
    const records = createRecords({ bus, index: made, site, effects, leftovers })
    await made.ready
    const everyMs = config.RECORDS_SNAPSHOT_SECONDS * 1000
    if (everyMs > 0) startSnapshotWriter({ bus, index: made, everyMs })
    startSnapshotErasure({ bus, index: made })
    settled = { index: made, records }
    return settled
  } catch (error) {
    // A half-started index stops following before the next try makes another.
    index?.close()
    throw error
  }
}

/**
 * The records once ready. When another instance has said it appended an event this index has not taken in (its
 * follow lost with a cluster node), or the bus reconnected and what was missed is not applied yet, a view waits up
 * to HEARD_WAIT_MS for it: a move made there shows here on the next view, not the list as it was.
 */
export async function useRecords(): Promise<LiveRecords> {
  if (!live) throw new Error('[svc] [records] records were never started')
  const records = await live
  // Only once ready: the start's replay is over, so this is a moment's catch-up.
  if (records.index.behindHeard()) await records.index.heardApplied(HEARD_WAIT_MS)
  return records
}

/** The records once ready, without waiting; null before. */
export function recordsIfReady(): LiveRecords | null {
  return settled
}

/** The stream sequence this instance's index has applied; 0 before it started (metrics). */
export function recordIndexApplied(): number {
  return liveIndex?.appliedSeq() ?? 0
}

/** Whether this instance's index has applied what the stream held when it last found itself behind. */
export function recordsStatus(): IndexStatus {
  return liveIndex?.status() ?? 'catching up'
}
