// Queueing a mail intent on SVC_MAIL exactly once per event. Its subject is
// the event's own (`svc.mail.<bucket>.<id>.<seq>`), appended only while that
// subject is empty: the writer, a retry and every instance's catch-up may
// all try, and whichever comes second is told it is there already.
import { BusConflictError } from '../bus/errors'
import type { Bus } from '../bus/types'
import type { MailIntent } from './mail-intent'
import { MAIL_STREAM, mailSubject } from './mail-stream'
import { sealIntent } from './sealed-intent'
import type { RecordView } from '../records/types'

export async function queueMail(
  bus: Bus,
  view: Pick<RecordView, 'bucket' | 'id' | 'seq'>,
  intent: MailIntent,
): Promise<void> {
  const stored = await sealIntent(bus, intent)
  // The case was erased: there is nobody to write to and nothing to say.
  if (stored === null) return
  try {
    await bus.append(MAIL_STREAM, mailSubject(view.bucket, view.id, view.seq), stored, {
      msgId: intent.id,
      expectLastSubjectSequence: 0,
    })
  } catch (error) {
    if (!(error instanceof BusConflictError)) throw error
  }
}

/** Whether the mail of the event that made `view` is on SVC_MAIL. */
export async function mailQueued(bus: Bus, view: RecordView): Promise<boolean> {
  return (await bus.lastSubjectSequence(MAIL_STREAM, mailSubject(view.bucket, view.id, view.seq))) > 0
}
