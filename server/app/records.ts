// The process-wide records: one index per instance, fed by the stream, and
// the records layer over it.
import type { Config } from '../config/schema'
import { readPublicUrl } from '../sign-in/sign-in-settings'
import { createEffectsCatchUp } from '../records/effects-catch-up'
import { createRecordIndex, type RecordIndex } from '../records/record-index'
import { createRecords, type Records } from '../records/records'
import { useBus } from './bus'
import { useContent, useContentStore } from './content'
import { useMemberships } from './memberships'
import { isDevelopment } from './mode'

interface LiveRecords {
  readonly index: RecordIndex
  readonly records: Records
}

let live: Promise<LiveRecords> | null = null
let caughtUp = false

export function startRecords(config: Config): Promise<LiveRecords> {
  live = (async () => {
    // One memberships view per instance: grants here show in requests here at once.
    const [bus, first, memberships] = await Promise.all([useBus(), useContent(), useMemberships()])
    const site = () => useContentStore()?.current()?.site ?? first.site
    const publicUrl = readPublicUrl(config, isDevelopment(config)) ?? ''
    const catchUp = createEffectsCatchUp({ bus, site, publicUrl, memberships, lookup: (bucket, id) => index.get(bucket, id) })
    const index = createRecordIndex(bus, { catchUp })
    const records = createRecords({ bus, index, memberships, site, publicUrl })
    await index.ready
    caughtUp = true
    return { index, records }
  })()
  return live
}

export function useRecords(): Promise<LiveRecords> {
  if (!live) throw new Error('[svc] [records] records were never started')
  return live
}

/** Whether this instance's index has applied every record stored when it started. */
export function recordsCaughtUp(): boolean {
  return caughtUp
}
