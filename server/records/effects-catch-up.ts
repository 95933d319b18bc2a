// The side effects a writer may have left undone after its append (a failed
// write, a crash, a bus that went away): each recent event's mail intent and
// grant. Every instance's projection repair runs this a little after each
// event, and at start for the last day's events, so whichever instance is up
// completes them. Both are exact however often they run: a mail intent goes
// on its event's own subject only while that is empty (mail/mail-queue.ts),
// and a grant only creates a membership that does not exist.
//
// Not caught up: the KV projection is projection-repair.ts's own job; and an
// event older than the window when no instance was running to see it.
import type { Bucket, Mail, SiteModel } from '../content/model'
import type { Bus } from '../bus/types'
import { recordsError } from './errors'
import { grantFor, type GroupGrants } from './grants'
import { buildMailIntent } from '../mail/mail-intent'
import { mailQueued, queueMail } from '../mail/mail-queue'
import { buildMessageIntent } from '../mail/message-intent'
import { receiptMail } from '../mail/receipt'
import type { PlaceholderContext } from '../mail/mail-values'
import type { HistoryEntry, Projection, RecordView } from './types'

export interface EffectsCatchUpOptions {
  readonly bus: Bus
  /** The content served now: its mail texts are the ones used. */
  readonly site: () => SiteModel
  readonly publicUrl: string
  readonly grants: GroupGrants
  readonly lookup: PlaceholderContext['lookup']
}

/** Given a record's projection, completes its recent events' effects; rejects naming what failed. */
export type EffectsCatchUp = (projection: Projection) => Promise<void>

// The same day the record index replays repairs for.
const WINDOW_MS = 24 * 60 * 60 * 1000

function declaredMail(bucket: Bucket, entry: HistoryEntry, view: RecordView): Mail | undefined {
  if (entry.type === 'filed') return receiptMail(bucket, view)
  return (entry.via === 'self' ? bucket.self : bucket.moves).find((move) => move.name === entry.edge)?.mail
}

export function createEffectsCatchUp({ bus, site, publicUrl, grants, lookup }: EffectsCatchUpOptions): EffectsCatchUp {
  const intentOf = (content: SiteModel, bucket: Bucket, entry: HistoryEntry, view: RecordView) => {
    // A note by desk is staff writing to the submitter.
    if (entry.type === 'noted') {
      if (entry.via !== 'desk' || entry.text === undefined) return null
      return buildMessageIntent({ site: content, bucket, view, text: entry.text, publicUrl })
    }
    const mail = declaredMail(bucket, entry, view)
    return mail === undefined
      ? null
      : buildMailIntent({ site: content, bucket, mail, view, publicUrl, lookup, note: entry.note })
  }
  const mailOf = async (content: SiteModel, bucket: Bucket, entry: HistoryEntry, view: RecordView) => {
    const intent = intentOf(content, bucket, entry, view)
    if (intent === null || (await mailQueued(bus, view))) return
    await queueMail(bus, view, intent)
  }

  const grantOf = async (bucket: Bucket, entry: HistoryEntry, view: RecordView) => {
    const grant = grantFor(bucket, view)
    if (grant?.person) await grants.grant(grant.group, grant.person, entry.time)
  }

  return async ({ record, history }) => {
    const content = site()
    const bucket = content.buckets.get(record.bucket)
    if (bucket === undefined) return
    const since = Date.now() - WINDOW_MS
    // A claim mails and grants nothing.
    const recent = history.filter((entry) => entry.type !== 'claimed' && Date.parse(entry.time) >= since)
    const outcomes = await Promise.allSettled(
      recent.flatMap((entry) => {
        // The record right after this event, as the writer saw it (a note keeps the time its state was entered).
        const enteredAt = entry.type === 'noted' ? record.enteredAt : entry.time
        const view: RecordView = { ...record, state: entry.to, enteredAt, seq: entry.seq }
        // A note grants nothing.
        if (entry.type === 'noted') return [mailOf(content, bucket, entry, view)]
        return [mailOf(content, bucket, entry, view), grantOf(bucket, entry, view)]
      }),
    )
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []))
    if (failures.length > 0) throw recordsError(`catching up ${record.bucket}/${record.id}: ${failures.join('; ')}`)
  }
}
