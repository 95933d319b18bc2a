// What the desk record routes (the page, a move, a message) share at the
// edge: the record the person may see, or the refusal already sent; and for
// posts, the form with its CSRF token and one-time submission token checked.
import type { H3Event } from 'h3'
import { useRecords } from '../server/app/records'
import type { DeskRequest } from '../server/desk/desk-request'
import { findDeskRecord, type DeskRecordFound } from '../server/desk/find-record'
import type { FormBody } from '../server/forms/form-body'
import { formExpiredMessage } from '../server/render/desk/refusals'
import { sendDeskMessage, sendRefusal } from './desk-reply'
import { pathParam, readDeskRequest } from './desk-request'
import { deskRecordPath } from '../server/content/paths'
import { readFormPost } from './read-form-post'

export type FoundDeskRecord = Exclude<DeskRecordFound, { refused: unknown }>

export type DeskRecordRequest =
  | { readonly sent: string }
  | { readonly sent?: undefined; readonly req: DeskRequest; readonly found: FoundDeskRecord; readonly here: string }

export async function readDeskRecordRequest(event: H3Event): Promise<DeskRecordRequest> {
  const req = await readDeskRequest(event)
  const { records } = await useRecords()
  const params = { desk: pathParam(event, 'desk'), bucket: pathParam(event, 'bucket'), id: pathParam(event, 'id') }
  const found = await findDeskRecord(req, params, (bucket, id) => records.get(bucket, id))
  if (found.refused !== undefined) return { sent: sendRefusal(event, req, found.refused) }
  return { req, found, here: deskRecordPath(found.desk.name, found.bucket.name, found.view.id) }
}

/** A desk form's body and one-time token; a form without a valid CSRF or submission token is out of date. */
export async function readDeskForm(
  event: H3Event,
  { req, here }: { req: DeskRequest; here: string },
  maxBytes: number,
): Promise<
  { readonly sent: string } | { readonly sent?: undefined; readonly body: FormBody; readonly submission: string }
> {
  const post = await readFormPost(event, { maxBytes })
  return post ?? { sent: sendDeskMessage(event, req, formExpiredMessage(here)) }
}
