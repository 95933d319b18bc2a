// A desk's record page was opened: what was heard from the case until now
// (a reply by mail, a self move) is read for this person. A mark that cannot
// be kept costs an unread marker only, never the page.
import { useCaseReads } from '../server/app/case-reads'
import type { DeskRequest } from '../server/desk/desk-request'
import type { RecordView } from '../server/records/types'
import { log } from '../server/log'

export async function markCaseOpened(req: DeskRequest, view: RecordView): Promise<void> {
  const subject = req.principal?.subject
  if (subject === undefined) return
  await useCaseReads()
    .then((reads) => reads.open(subject, view.bucket, view.id, view.seq))
    .catch((error: unknown) => {
      log('warn', 'desk', '[svc] [desk] could not keep that a case was opened', { error: String(error) })
    })
}
