// One instance's records core on a bus, with a clock the test turns.
import { afterEach } from 'vitest'
import { openStored } from '../support/stored-payload'
import type { Bus, StreamMessage } from '../../server/bus/types'
import type { Actor, RecordEvent } from '../../server/records/types'
import type { SiteModel } from '../../server/content/model'
import { ensureMailStream } from '../../server/mail/mail-stream'
import { createRecordEffects } from '../../server/effects/record-effects'
import { createEffectsCatchUp } from '../../server/records/effects-catch-up'
import { createMemberships } from '../../server/people/memberships'
import { createRecordIndex } from '../../server/records/record-index'
import type { RecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import type { Records, RecordsOptions } from '../../server/records/records'
import { waitFor } from '../bus/wait'

export interface Instance {
  bus: Bus
  index: RecordIndex
  records: Records
}

export interface Clock {
  now: Date
}

export const publicUrl = 'https://fix.example.org/'
export const start = new Date('2030-01-01T08:00:00.000Z')
export const dayMs = 24 * 60 * 60 * 1000

export function useInstances() {
  const cleanup: (() => void | Promise<void>)[] = []
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })
  return {
    async instance(
      bus: Bus,
      site: () => SiteModel,
      clock: Clock,
      extra: Pick<RecordsOptions, 'leftovers'> = {},
    ): Promise<Instance> {
      const effects = createRecordEffects({
        bus,
        grants: createMemberships(bus),
        publicUrl,
        lookup: (bucket, id) => index.get(bucket, id),
      })
      const index = createRecordIndex(bus, { repairDelayMs: 50, catchUp: createEffectsCatchUp({ site, effects }) })
      cleanup.push(() => index.close())
      await index.ready
      // Tests follow SVC_MAIL before the first mail would make it.
      await ensureMailStream(bus)
      const records = createRecords({ bus, site, index, effects, now: () => clock.now, waitMs: 1000, ...extra })
      return { bus, index, records }
    },
    onCleanup(step: () => void | Promise<void>) {
      cleanup.push(step)
    },
  }
}

/** Everything on `stream` matching `filter`, decoded, as it arrives. */
export async function collect<T = unknown>(bus: Bus, stream: string, filter: string) {
  const seen: { subject: string; seq: number; data: T }[] = []
  // A record's personal values and mail about it are sealed under its key (records/event-seal.ts,
  // mail/sealed-intent.ts): read as the service and the mailer read them.
  const stop = await bus.follow(stream, filter, {}, async (message: StreamMessage) => {
    seen.push({ subject: message.subject, seq: message.seq, data: await openStored<T>(bus, message.data) })
  })
  return {
    seen,
    stop,
    async atLeast(count: number) {
      await waitFor(() => seen.length >= count, 5000, `${count} message(s) on ${filter}`)
      return seen
    },
    /**
     * Everything that arrived before the message `mark` stores (it answers
     * that message's sequence; by default a marker on `filter`, or under it
     * when it ends in `>`). A follow delivers in stream order, so that is all
     * stored before the mark, a late duplicate included.
     */
    async allBefore(
      mark = async () => (await bus.append(stream, filter.replace(/>$/, 'marker'), { marker: true })).seq,
    ) {
      const markSeq = await mark()
      await waitFor(() => seen.some((message) => message.seq >= markSeq), 5000, `the mark on ${filter}`)
      return seen.filter((message) => message.seq < markSeq)
    },
  }
}

/** The `accept` move of record `id` from new, as a desk appends it, written straight to the stream by a test. */
export const acceptedEvent = (bucket: string, id: string, actor: Actor): Extract<RecordEvent, { type: 'moved' }> => ({
  v: 1,
  type: 'moved',
  record: id,
  bucket,
  storyline: 'plain',
  actor,
  time: start.toISOString(),
  from: 'new',
  to: 'accepted',
  edge: 'accept',
  via: 'desk',
})
