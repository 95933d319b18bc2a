// The session middleware, registered right after the rate limit so an
// over-limit request never reaches the bus. A request with a session cookie
// has its session loaded here, so a bus that cannot answer gets one short 503
// page before any handler runs; without a cookie nothing is loaded.
import { defineEventHandler } from 'h3'
import { SessionsUnavailableError } from '../sessions'
import { log } from '../log'
import { getSession, sendSessionsUnavailable } from '../../utils/session'

export default defineEventHandler(async (event) => {
  try {
    await getSession(event)
  } catch (error) {
    if (!(error instanceof SessionsUnavailableError)) throw error
    log('warn', 'auth', error.message, { path: event.path })
    return sendSessionsUnavailable(event)
  }
})
