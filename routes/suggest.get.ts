// GET /suggest?page=/path: the suggestion form for a page that names the
// signed-in person as responsible (SPEC 1, Accounts the content mandates, 6).
import { defineEventHandler, getQuery, setResponseHeader } from 'h3'
import { readSuggestRequest, sendSuggestPage } from '../utils/suggest-request'

export default defineEventHandler(async (event) => {
  const query = getQuery(event)
  const asked = await readSuggestRequest(event, query.page)
  if (asked.sent !== undefined) return asked.sent
  setResponseHeader(event, 'cache-control', 'private, no-store')
  return sendSuggestPage(event, asked, { sent: query.sent === '1' })
})
