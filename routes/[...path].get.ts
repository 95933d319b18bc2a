// Every content page: fixed pages and record pages (/<folder>/{id}).
import { defineEventHandler, getQuery, getRequestURL } from 'h3'
import { useContent } from '../server/app/content'
import { findPage } from '../server/content/find-page'
import { parsePageQuery } from '../server/visitor/page-query'
import { showPage } from '../utils/show-page'
import { startVisit } from '../utils/visit'
import { renderNotFound } from '../server/render/not-found'
import { pkgAssets } from '../utils/assets'
import { sendPage } from '../utils/html-response'
import { getStoryline } from '../utils/storyline'

export default defineEventHandler(async (event) => {
  const { site } = await useContent()
  const asked = getRequestURL(event).pathname
  const found = findPage(site, asked)
  if (!found)
    return sendPage(
      event,
      renderNotFound({ site, story: getStoryline(event, site), assets: pkgAssets, path: asked }),
      404,
    )
  const visit = await startVisit(event)
  return showPage(event, visit, {
    page: found.page,
    recordId: found.recordId,
    path: found.path,
    query: parsePageQuery(getQuery(event)),
  })
})
