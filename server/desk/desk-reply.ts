// Sending a desk page or one of its friendly refusals.
import type { H3Event } from 'h3'
import { pkgAssets } from '../../utils/assets'
import { sendPage } from '../../utils/html-response'
import type { DeskMessage } from '../render/desk/message-page'
import { renderMessagePage } from '../render/desk/message-page'
import { refusalMessage } from '../render/desk/refusals'
import type { Refusal } from './desk-access'
import type { DeskRequest } from './desk-request'

export function sendDeskMessage(event: H3Event, req: DeskRequest, message: DeskMessage): string {
  const { site, story, viewer } = req
  return sendPage(event, renderMessagePage({ site, story, viewer, assets: pkgAssets, message }), message.status)
}

export function sendRefusal(event: H3Event, req: DeskRequest, refusal: Refusal): string {
  return sendDeskMessage(event, req, refusalMessage(refusal, req.viewer))
}
