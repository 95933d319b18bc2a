// Whether a move mails the reporter, said on its confirmation page before the
// button: a `confirm: true` move is one staff think twice about, and whom it
// tells is part of that.
import type { Bucket, Move } from '../../content/model'
import { resolveRecipient } from '../../mail/mail-recipient'
import type { Messages } from '../../messages/messages'
import type { RecordView } from '../../records/types'

export function moveMailNote(bucket: Bucket, view: RecordView, move: Move, m: Messages): string {
  if (move.mail === undefined) return m.say('desk.move.mails-nobody')
  const recipient = resolveRecipient(move.mail.to, bucket, view)
  if (move.mail.to === 'submitter')
    return m.say(recipient === null ? 'desk.move.reporter-no-address' : 'desk.move.mails-reporter')
  if (recipient === null) return m.say('desk.move.mails-nobody')
  return m.say('desk.move.mails-other', { to: 'email' in recipient ? recipient.email : move.mail.to })
}
