// The one answer to "which mail and which grant does this event cause",
// pure, for the writer right after its append and for the catch-up alike.
import type { Bucket, Mail, SiteModel } from '../content/model'
import { buildMailIntent, type MailIntent } from '../mail/mail-intent'
import type { PlaceholderContext } from '../mail/mail-values'
import { buildMessageIntent } from '../mail/message-intent'
import { buildNotifyIntent } from '../mail/notify-intent'
import { receiptMail } from '../mail/receipt'
import { grantFor } from '../records/grants'
import type { PersonKeys } from '../records/person'
import type { HistoryEntry, RecordView } from '../records/types'
import type { CaseSigner } from '../visitor/case-token'

export interface EffectsQuestion {
  readonly site: SiteModel
  readonly bucket: Bucket
  readonly entry: HistoryEntry
  readonly view: RecordView
  /** PUBLIC_URL, for links in mail. */
  readonly publicUrl: string
  readonly lookup: PlaceholderContext['lookup']
  /** Signs the case link in mail to the submitter; none: the link opens only where the case is the viewer's. */
  readonly signCase?: CaseSigner
}

export interface DecidedEffects {
  readonly mail: MailIntent | null
  /** The group the entered state grants, and to whom (null: nobody to add). */
  readonly grant: { readonly group: string; readonly person: PersonKeys | null } | null
}

const NOTHING: DecidedEffects = { mail: null, grant: null }

export function decideEffects(question: EffectsQuestion): DecidedEffects {
  const { site, bucket, entry, view, publicUrl, lookup } = question
  // From the event's own time, so the catch-up builds the very mail the writer built. A `sign_in: none` bucket
  // keeps its cases nobody's, so their links open nothing more than they did. Signed only for a mail that is
  // sent: most events mail nobody, and the HMAC was a tenth of a filing's CPU.
  const caseToken = () =>
    bucket.signIn === 'none' ? undefined : question.signCase?.(view.bucket, view.id, new Date(entry.time))
  // Nothing goes out about an erased record: its values and whom to tell are gone.
  if (view.erasedAt !== undefined) return NOTHING
  switch (entry.type) {
    case 'erased':
      return NOTHING
    // A claim mails nothing; the grant its state earned goes to the person who claimed it.
    case 'claimed':
      return { mail: null, grant: grantFor(bucket, view) }
    // A note by desk is staff writing to the submitter; a reply by mail tells the desk that asks to be told
    // (`notify:`); a note grants nothing.
    case 'noted':
      if (entry.text === undefined) return NOTHING
      if (entry.via === 'mail')
        return { mail: buildNotifyIntent({ site, bucket, view, text: entry.text, publicUrl }), grant: null }
      if (entry.via !== 'desk') return NOTHING
      return {
        mail: buildMessageIntent({ site, bucket, view, text: entry.text, publicUrl, caseToken: caseToken() }),
        grant: null,
      }
    case 'filed':
    case 'moved': {
      const mail = declaredMail(bucket, entry, view)
      return {
        mail:
          mail === undefined
            ? null
            : buildMailIntent({
                site,
                bucket,
                mail,
                view,
                publicUrl,
                lookup,
                note: entry.note,
                caseToken: caseToken(),
              }),
        grant: grantFor(bucket, view),
      }
    }
  }
}

function declaredMail(bucket: Bucket, entry: HistoryEntry, view: RecordView): Mail | undefined {
  if (entry.type === 'filed') return receiptMail(bucket, view)
  return (entry.via === 'self' ? bucket.self : bucket.moves).find((move) => move.name === entry.edge)?.mail
}
