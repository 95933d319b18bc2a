// What follows a successful append: the KV projection, the mail intent and
// the grant. Each is idempotent, so a retried call that the bus answers as a
// duplicate runs them again safely. The append is the truth: a failed effect
// is logged here and left to the catch-up (projection-repair.ts with
// effects-catch-up.ts), never turned into a failure of the filing or move.
import type { Bucket, Mail, SiteModel } from '../content/model'
import type { Bus } from '../bus/types'
import { log } from '../log'
import { applyGrant, type GroupGrants } from './grants'
import { buildMailIntent } from '../mail/mail-intent'
import { queueMail } from '../mail/mail-queue'
import { buildMessageIntent } from '../mail/message-intent'
import type { RecordIndex } from './record-index'
import type { RecordView } from './types'

export interface SideEffects {
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The record after the event. */
  readonly view: RecordView
  /** The edge's mail, if it declares one. */
  readonly mail?: Mail
  /** What staff wrote to the submitter, mailed to them. */
  readonly message?: string
  /** The move's note, for `{{note}}` in its mail. */
  readonly note?: string
  /** Writes the KV projection for this event. */
  readonly project: () => Promise<void>
}

export interface SideEffectsOptions {
  readonly bus: Bus
  readonly index: RecordIndex
  readonly grants: GroupGrants
  readonly publicUrl: string
}

/** Never rejects. */
export type RunSideEffects = (effects: SideEffects) => Promise<void>

export function createSideEffects({ bus, index, grants, publicUrl }: SideEffectsOptions): RunSideEffects {
  const mailFor = async ({ site, bucket, view, mail, message, note }: SideEffects) => {
    const intent =
      message !== undefined
        ? buildMessageIntent({ site, bucket, view, text: message, publicUrl })
        : mail === undefined
          ? null
          : buildMailIntent({ site, bucket, mail, view, publicUrl, note, lookup: (b, id) => index.get(b, id) })
    if (intent !== null) await queueMail(bus, view, intent)
  }

  return async (effects) => {
    const names = ['projection', 'mail', 'grant'] as const
    const outcomes = await Promise.allSettled([
      effects.project(),
      mailFor(effects),
      applyGrant(grants, effects.bucket, effects.view, effects.view.enteredAt),
    ])
    const failed = outcomes.flatMap((outcome, i) =>
      outcome.status === 'rejected' ? [`${names[i]}: ${String(outcome.reason)}`] : [],
    )
    if (failed.length === 0) return
    const { bucket, id, seq } = effects.view
    log(
      'error',
      'records',
      `[svc] [records] ${bucket}/${id} at ${seq} is recorded, but ${failed.length} side effect(s) failed; the ` +
        `catch-up repairs them`,
      {
        bucket,
        record: id,
        seq,
        failures: failed,
      },
    )
  }
}
