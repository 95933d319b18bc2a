// Sending a desk page or one of its friendly refusals.
import type { H3Event } from 'h3'
import type { Refusal } from '../server/desk/desk-access'
import type { DeskRequest } from '../server/desk/desk-request'
import type { DeskMessage } from '../server/render/desk/message-page'
import { renderMessagePage } from '../server/render/desk/message-page'
import { refusalMessage } from '../server/render/desk/refusals'
import { pkgAssets } from './assets'
import { sendPage } from './html-response'

export function sendDeskMessage(event: H3Event, req: DeskRequest, message: DeskMessage): string {
  const { site, story, viewer } = req
  return sendPage(event, renderMessagePage({ site, story, viewer, assets: pkgAssets, message }), message.status)
}

export function sendRefusal(event: H3Event, req: DeskRequest, refusal: Refusal): string {
  return sendDeskMessage(event, req, refusalMessage(refusal, req.viewer))
}
