// GET on a form's post address (a reload after a refused form, a bookmark, a
// shared link) goes to the page the form is on, instead of "method not allowed".
import { defineEventHandler, getRouterParam, sendRedirect } from 'h3'
import { useContent } from '../../server/app/content'
import { isName } from '../../server/names'
import { formPageOf } from '../../server/visitor/page-forms'

export default defineEventHandler(async (event) => {
  const bucket = getRouterParam(event, 'bucket') ?? ''
  const { site } = await useContent()
  const page = isName(bucket) ? formPageOf(site.pages, bucket) : undefined
  return sendRedirect(event, page?.path ?? '/', 302)
})
