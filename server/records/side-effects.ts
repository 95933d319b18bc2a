// What follows a successful append: the KV projection, the mail intent and
// the grant. Each is idempotent, so a retried call that the bus answers as a
// duplicate runs them again safely.
import type { Bucket, Mail, SiteModel } from '../content/model'
import type { Bus } from '../bus/types'
import { log } from '../log'
import { SideEffectsError } from './errors'
import { applyGrant } from './grants'
import { buildMailIntent } from './mail-intent'
import type { Memberships } from './memberships'
import type { RecordIndex } from './record-index'
import { MAIL_STREAM, mailSubject } from './types'
import type { RecordView } from './types'

export interface SideEffects {
  readonly site: SiteModel
  readonly bucket: Bucket
  /** The record after the event. */
  readonly view: RecordView
  /** The edge's mail, if it declares one. */
  readonly mail?: Mail
  /** Writes the KV projection for this event. */
  readonly project: () => Promise<void>
}

export interface SideEffectsOptions {
  readonly bus: Bus
  readonly index: RecordIndex
  readonly memberships: Memberships
  readonly publicUrl: string
}

export type RunSideEffects = (effects: SideEffects) => Promise<void>

export function createSideEffects({ bus, index, memberships, publicUrl }: SideEffectsOptions): RunSideEffects {
  const queueMail = async ({ site, bucket, view, mail }: SideEffects) => {
    if (mail === undefined) return
    const intent = buildMailIntent({ site, bucket, mail, view, publicUrl, lookup: index.get })
    if (intent === null) return
    await bus.append(MAIL_STREAM, mailSubject(view.bucket), intent, { msgId: intent.id })
  }

  return async (effects) => {
    const outcomes = await Promise.allSettled([
      effects.project(),
      queueMail(effects),
      applyGrant(memberships, effects.bucket, effects.view, effects.view.enteredAt),
    ])
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []))
    if (failures.length === 0) return
    const { bucket, id, seq } = effects.view
    log('error', 'records', `[svc] [records] side effects of ${bucket}/${id} at ${seq} failed`, { failures: failures.map(String) })
    throw new SideEffectsError(effects.view, failures)
  }
}
