// GET /desk/{desk}/{bucket}/{id}: one record, its moves, a message to its submitter and its history.
import { defineEventHandler } from 'h3'
import { markCaseOpened } from '../../../../../utils/case-opened'
import { sendDeskRecordPage } from '../../../../../utils/desk-record'
import { readDeskRecordRequest } from '../../../../../utils/desk-record-request'

export default defineEventHandler(async (event) => {
  const asked = await readDeskRecordRequest(event)
  if (asked.sent !== undefined) return asked.sent
  await markCaseOpened(asked.req, asked.found.view)
  return sendDeskRecordPage(event, asked.req, asked.found)
})
