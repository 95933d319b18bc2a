// GET /desk/{desk}/suggestions: the edit suggestions, on the desk that takes them.
import { defineEventHandler, setResponseHeader } from 'h3'
import { readSuggestionsDeskRequest, sendSuggestionsDesk } from '../../../utils/suggestions-desk-request'

export default defineEventHandler(async (event) => {
  const asked = await readSuggestionsDeskRequest(event)
  if (asked.sent !== undefined) return asked.sent
  setResponseHeader(event, 'cache-control', 'private, no-store')
  return sendSuggestionsDesk(event, asked)
})
