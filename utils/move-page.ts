// Sending a move's own page: its confirmation, or the move form again with
// the note's error beside it (422).
import type { H3Event } from 'h3'
import type { Move } from '../server/content/model'
import type { DeskRequest } from '../server/desk/desk-request'
import type { RecordView } from '../server/records/types'
import { renderMovePage } from '../server/render/desk/move-page'
import type { NoteState } from '../server/render/desk/move-note'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import type { FoundDeskRecord } from './desk-record-request'
import { sendPage } from './html-response'

export async function sendMovePage(
  event: H3Event,
  req: DeskRequest,
  found: FoundDeskRecord,
  asked: { readonly view: RecordView; readonly move: Move; readonly note?: NoteState },
): Promise<string> {
  const csrf = await getCsrfToken(event)
  const page = renderMovePage({ ...req, ...asked, assets: pkgAssets, desk: found.desk, bucket: found.bucket, csrf })
  return sendPage(event, page, asked.note?.error === undefined ? 200 : 422)
}
