// GET /desk/{desk}: the desk's buckets this person may read, each a page of
// records with a state filter and a search; `bucket` says which one the
// filter is for (the first, when not given).
import { defineEventHandler, getQuery } from 'h3'
import { useCaseReads } from '../../../server/app/case-reads'
import { useRecords } from '../../../server/app/records'
import { openDesk } from '../../../server/desk/desk-access'
import { bucketFilter, NO_FILTER, parseDeskQuery } from '../../../server/desk/desk-query'
import { sendRefusal } from '../../../utils/desk-reply'
import { pathParam, readDeskRequest } from '../../../utils/desk-request'
import { listBucket } from '../../../server/desk/listing'
import { isName } from '../../../server/names'
import { mayInvite, mayReadRecord } from '../../../server/policy/questions'
import { renderDeskPage } from '../../../server/render/desk/desk-page'
import { pkgAssets } from '../../../utils/assets'
import { withLinkedBuckets } from '../../../server/visitor/page-buckets'
import { sendKeptPersonPage } from '../../../utils/kept-person-page'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  const name = pathParam(event, 'desk')
  if (!isName(name)) return sendRefusal(event, req, 'not-found')
  const opened = openDesk(req.site, req.policy, req.principal, name)
  if (opened.refused !== undefined) return sendRefusal(event, req, opened.refused)
  const query = parseDeskQuery(getQuery(event))
  const active = opened.buckets.find((bucket) => bucket.name === query.bucket) ?? opened.buckets[0]
  const [{ index }, reads] = await Promise.all([useRecords(), useCaseReads()])
  const buckets = withLinkedBuckets(
    req.site,
    opened.buckets.map((bucket) => bucket.name),
  )
  // The reader's own marks: which cases they opened since each was last heard from.
  const subject = req.principal?.subject ?? ''
  const marks = await Promise.all(opened.buckets.map((bucket) => reads.marks(subject, bucket.name)))
  const versions = marks.map((mark) => mark.revision)
  return sendKeptPersonPage(event, { ...req, buckets, versions }, async () => {
    const listings = opened.buckets.map((bucket, i) =>
      listBucket(
        index,
        bucket,
        bucket === active ? bucketFilter(bucket, query) : NO_FILTER,
        (view) => mayReadRecord(req.policy, req, view),
        marks[i]?.seen,
      ),
    )
    const invites = opened.desk.invites.some((group) => mayInvite(req.policy, req, opened.desk, group))
    const peopleHref = invites ? `/desk/${opened.desk.name}/people` : undefined
    return {
      html: renderDeskPage({
        ...req,
        assets: pkgAssets,
        desk: opened.desk,
        listings,
        ...(peopleHref ? { peopleHref } : {}),
      }),
      status: 200,
    }
  })
})
