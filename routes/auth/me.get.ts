// Who is signed in, as JSON: for pages' scripts and for checking a sign-in.
import { createError, defineEventHandler, setResponseHeader } from 'h3'
import { getSession } from '../../utils/session'

export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'private, no-store')
  const user = (await getSession(event))?.user
  if (!user) throw createError({ statusCode: 401, statusMessage: 'Not signed in' })
  return user
})
