// GET on a self move's post address goes to the case page it was taken from.
import { defineEventHandler, getRouterParam, sendRedirect } from 'h3'
import { isName, recordIdSchema } from '../../../server/names'
import { casePath } from '../../../server/content/paths'

export default defineEventHandler((event) => {
  const bucket = getRouterParam(event, 'bucket') ?? ''
  const id = getRouterParam(event, 'id') ?? ''
  const known = isName(bucket) && recordIdSchema.safeParse(id).success
  return sendRedirect(event, known ? casePath(bucket, id) : '/', 302)
})
