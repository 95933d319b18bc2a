// Every content page: fixed pages and record pages (/<folder>/{id}).
import { defineEventHandler, getRequestURL } from 'h3'
import { useContent } from '../server/app/content'
import { findPage } from '../server/content/find-page'
import { renderErrorPage } from '../server/render/error-page'
import { renderNotFound } from '../server/render/not-found'
import { renderPage } from '../server/render/page'
import { pkgAssets } from '../utils/assets'
import { sendPage } from '../utils/html-response'
import { getStoryline } from '../utils/storyline'
import { getViewer } from '../utils/viewer'

export default defineEventHandler(async (event) => {
  const { site } = await useContent()
  const story = getStoryline(event, site)
  const path = getRequestURL(event).pathname
  const found = findPage(site, path)
  if (!found) return sendPage(event, renderNotFound({ site, story, assets: pkgAssets, path }), 404)
  const { page, recordId } = found
  if (recordId !== undefined) {
    // Records arrive with the records capability; until then no id exists.
    return sendPage(event, renderNotFound({ site, story, assets: pkgAssets, path }), 404)
  }
  if (page.access !== 'public') {
    return sendPage(event, renderErrorPage({
      site, story, status: 403, assets: pkgAssets,
      title: 'Sign in needed',
      message: 'This page is open to signed-in members of some groups only.',
    }), 403)
  }
  return sendPage(event, renderPage({
    site, page, story, assets: pkgAssets, viewer: await getViewer(event, site, story),
    mapsOn: Boolean(process.env.MAP_TOKEN),
    // Uploads fail closed until the object store is wired to an upload route.
    filesEnabled: false,
  }))
})
