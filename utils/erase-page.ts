// Sending the desk's erase confirmation: as asked (200), or with the refused
// reason beside its field (422).
import type { H3Event } from 'h3'
import type { DeskRequest } from '../server/desk/desk-request'
import type { Said } from '../server/messages/said'
import { renderErasePage } from '../server/render/desk/erase-page'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import type { FoundDeskRecord } from './desk-record-request'
import { sendPage } from './html-response'

export async function sendErasePage(
  event: H3Event,
  req: DeskRequest,
  found: FoundDeskRecord,
  reason?: { readonly kept: string; readonly error: Said },
): Promise<string> {
  const csrf = await getCsrfToken(event)
  const { desk, bucket, view } = found
  const page = renderErasePage({ ...req, assets: pkgAssets, desk, bucket, view, csrf, reason })
  return sendPage(event, page, reason === undefined ? 200 : 422)
}
