// GET /automation/kv/{bucket}/{key}: a record's stored projection, for
// automation holding AUTOMATION_READ_TOKEN (docs/report.md).
import {
  createError,
  defineEventHandler,
  getRequestHeader,
  getRequestURL,
  getRouterParam,
  setResponseHeader,
  type H3Event,
} from 'h3'
import { useContent } from '../../../../server/app/content'
import { useRecordsStorage } from '../../../../server/app/records-storage'
import { useConfig } from '../../../../server/config/use-config'
import { renderNotFound } from '../../../../server/render/not-found'
import { automationAccess } from '../../../../server/report/automation-token'
import { readProjection } from '../../../../server/report/automation-kv'
import { pkgAssets } from '../../../../utils/assets'
import { sendPage } from '../../../../utils/html-response'
import { getStoryline } from '../../../../utils/storyline'

export default defineEventHandler(async (event) => {
  const access = automationAccess(useConfig().AUTOMATION_READ_TOKEN, getRequestHeader(event, 'authorization'))
  if (access === 'off') return sendUnknownRoute(event)
  setResponseHeader(event, 'cache-control', 'no-store')
  if (access === 'denied') {
    setResponseHeader(event, 'www-authenticate', 'Bearer')
    throw createError({ statusCode: 401, statusMessage: 'Bearer token needed' })
  }
  const [{ site }, records] = await Promise.all([useContent(), useRecordsStorage()])
  const projection = await readProjection(
    records,
    site,
    getRouterParam(event, 'bucket', { decode: true }) ?? '',
    getRouterParam(event, 'key', { decode: true }) ?? '',
  )
  if (projection === null) throw createError({ statusCode: 404, statusMessage: 'No such record' })
  return projection
})

// Switched off, the endpoint answers as a path nobody serves, so its
// existence is not given away.
async function sendUnknownRoute(event: H3Event): Promise<string> {
  const { site } = await useContent()
  const story = getStoryline(event, site)
  return sendPage(event, renderNotFound({ site, story, assets: pkgAssets, path: getRequestURL(event).pathname }), 404)
}
