// Doing what decideEffects says: the mail intent onto SVC_MAIL (once per
// event: mail/mail-queue.ts) and the grant through whoever keeps groups.
import type { Bus } from '../bus/types'
import { log } from '../log'
import { mailQueued, queueMail } from '../mail/mail-queue'
import { ensureMailStream } from '../mail/mail-stream'
import type { PlaceholderContext } from '../mail/mail-values'
import { EffectsFailed, type EventEffects } from '../records/effects'
import type { GroupGrants } from '../records/grants'
import type { CaseSigner } from '../visitor/case-token'
import { decideEffects } from './decide-effects'

export interface RecordEffectsOptions {
  readonly bus: Bus
  readonly grants: GroupGrants
  /** PUBLIC_URL, for links in mail. */
  readonly publicUrl: string
  readonly lookup: PlaceholderContext['lookup']
  /** Signs the case link in mail to the submitter. */
  readonly signCase?: CaseSigner
}

export function createRecordEffects({ bus, grants, publicUrl, lookup, signCase }: RecordEffectsOptions): EventEffects {
  let stream: Promise<void> | undefined
  // Made once, on the first mail; a failure is tried again on the next.
  const ensured = () =>
    (stream ??= ensureMailStream(bus).catch((error: unknown) => {
      stream = undefined
      throw error
    }))

  return async (input) => {
    const { view, entry, again } = input
    const { mail, grant } = decideEffects({ ...input, publicUrl, lookup, signCase })
    const mailed = async () => {
      if (mail === null) return
      await ensured()
      // The catch-up asks first: it mostly finds the mail there, and asking is cheaper than building the append.
      if (again && (await mailQueued(bus, view))) return
      await queueMail(bus, view, mail)
    }
    const granted = async () => {
      if (grant === null) return
      if (grant.person === null) {
        if (!again)
          log('info', 'records', 'nobody to grant a group to', {
            bucket: view.bucket,
            record: view.id,
            group: grant.group,
          })
        return
      }
      await grants.grant(grant.group, grant.person, entry.time)
    }
    const outcomes = await Promise.allSettled([mailed(), granted()])
    const failed = outcomes.flatMap((outcome, i) =>
      outcome.status === 'rejected' ? [`${i === 0 ? 'mail' : 'grant'}: ${String(outcome.reason)}`] : [],
    )
    if (failed.length > 0) throw new EffectsFailed(failed)
  }
}
