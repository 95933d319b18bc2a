// GET /my/export: everything the service holds about the signed-in person, as
// a zip (GDPR articles 15 and 20). Signed out, sign-in comes back here.
import { defineEventHandler, sendRedirect, setResponseStatus } from 'h3'
import { openStoredFile } from '../../server/app/store'
import { personCases } from '../../server/privacy/person-cases'
import { personExportEntries } from '../../server/privacy/person-export'
import { signInHref } from '../../server/visitor/visit'
import { startVisit } from '../../utils/visit'
import { sendZip } from '../../utils/zip-response'

export default defineEventHandler(async (event) => {
  const visit = await startVisit(event)
  const { site, story, index, visitor } = visit.ctx
  if (!visitor.signedIn) {
    const href = signInHref(visit, '/my/export')
    if (href !== undefined) return sendRedirect(event, href, 302)
    setResponseStatus(event, 404)
    return ''
  }
  const now = new Date()
  const entries = personExportEntries({
    site,
    cases: personCases(site, index, visit.records, visitor),
    story,
    openFile: openStoredFile,
    now,
  })
  return sendZip(event, `my-data-${now.toISOString().slice(0, 10)}.zip`, entries)
})
