// Whoever holds a case's capability (case-token.ts, the link in a mail to its
// submitter) meets that one case as its submitter does: its page, and the
// self moves it allows. Once the case is closed the link still shows it, but
// moves nothing: a mail that lies about for months reopens no case.
import type { Bucket } from '../content/model'
import { filerOf } from '../policy/questions'
import type { RecordView } from '../records/types'
import type { Visit } from './visit'

export function isClosed(bucket: Bucket, view: RecordView): boolean {
  return bucket.states.find((state) => state.name === view.state)?.closed === true
}

/** The visit as the case's submitter for this case alone; events it causes still name who is really here. */
export function asCaseHolder(visit: Visit, bucket: Bucket, view: RecordView): Visit {
  const { actor, signedIn } = visit.ctx.visitor
  const visitor = {
    ...filerOf(view),
    signedIn,
    submitters: [view.submitter],
    ...(actor === undefined || isClosed(bucket, view) ? {} : { actor }),
  }
  return { ...visit, ctx: { ...visit.ctx, visitor } }
}
