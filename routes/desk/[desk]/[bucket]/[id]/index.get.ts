// GET /desk/{desk}/{bucket}/{id}: one record, its moves and its history.
import { defineEventHandler, getQuery } from 'h3'
import { useRecords } from '../../../../../server/app/records'
import { sendRefusal } from '../../../../../utils/desk-reply'
import { pathParam, readDeskRequest } from '../../../../../utils/desk-request'
import { findDeskRecord } from '../../../../../server/desk/find-record'
import { linkedRecords } from '../../../../../server/desk/linked-records'
import { allowedMoves } from '../../../../../server/desk/moves'
import { deskMovedStatus } from '../../../../../server/render/desk/moved-status'
import { renderRecordPage } from '../../../../../server/render/desk/record-page'
import { pkgAssets } from '../../../../../utils/assets'
import { getCsrfToken } from '../../../../../utils/csrf'
import { sendPage } from '../../../../../utils/html-response'

export default defineEventHandler(async (event) => {
  const req = await readDeskRequest(event)
  const { index, records } = await useRecords()
  const params = { desk: pathParam(event, 'desk'), bucket: pathParam(event, 'bucket'), id: pathParam(event, 'id') }
  const found = await findDeskRecord(req, params, (bucket, id) => records.get(bucket, id))
  if (found.refused !== undefined) return sendRefusal(event, req, found.refused)
  const { desk, bucket, view } = found
  const [history, csrf] = await Promise.all([records.history(bucket.name, view.id), getCsrfToken(event)])
  const links = linkedRecords(
    { ...req, desk: desk.name, readable: found.readable, lookup: (b, id) => index.get(b, id) },
    bucket,
    view,
  )
  return sendPage(
    event,
    renderRecordPage({
      ...req,
      assets: pkgAssets,
      desk,
      bucket,
      view,
      history,
      links,
      csrf,
      moves: allowedMoves(req.policy, req.principal, bucket, view),
      status: deskMovedStatus(bucket, getQuery(event).moved, req.story),
    }),
  )
})
