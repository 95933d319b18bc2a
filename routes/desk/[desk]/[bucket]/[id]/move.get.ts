// GET /desk/{desk}/{bucket}/{id}/move?edge=…: the page of a move that asks
// to be confirmed (the record page's button leads here, without scripts).
// Anything else, such as the post address opened by hand, goes back to the
// record.
import { defineEventHandler, getQuery } from 'h3'
import { allowedMoves } from '../../../../../server/desk/moves'
import { asksFirst } from '../../../../../server/desk/move-form'
import { sendBackToRecord } from '../../../../../utils/back-to-record'
import { readDeskRecordRequest } from '../../../../../utils/desk-record-request'
import { sendMovePage } from '../../../../../utils/move-page'

export default defineEventHandler(async (event) => {
  const { edge } = getQuery(event)
  if (typeof edge !== 'string') return sendBackToRecord(event)
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  const { req, found } = asked
  const move = allowedMoves(req.policy, req.principal, found.bucket, found.view).find((m) => m.name === edge)
  if (move === undefined || !asksFirst(move)) return sendBackToRecord(event)
  return sendMovePage(event, req, found, { view: found.view, move })
})
