// GET on a desk record's post addresses (a move, a message) goes to the record.
import { getRouterParam, sendRedirect, type H3Event } from 'h3'
import { isName, recordIdSchema } from '../server/names'
import { deskRecordPath } from '../server/content/paths'

export function sendBackToRecord(event: H3Event) {
  const [desk, bucket, id] = (['desk', 'bucket', 'id'] as const).map((name) => getRouterParam(event, name) ?? '')
  const known = isName(desk) && isName(bucket) && recordIdSchema.safeParse(id).success
  return sendRedirect(event, known ? deskRecordPath(desk ?? '', bucket ?? '', id ?? '') : '/desk', 302)
}
