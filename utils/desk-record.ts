// Sending the desk record page, as GET shows it and as a refused message or
// move note re-renders it (with the words kept and the error beside them).
import { said, type Said } from '../server/messages/said'
import { getQuery, type H3Event } from 'h3'
import { useRecords } from '../server/app/records'
import { useConfig } from '../server/config/use-config'
import type { DeskRequest } from '../server/desk/desk-request'
import type { DeskRecordFound } from '../server/desk/find-record'
import { linkedRecords } from '../server/desk/linked-records'
import { allowedMoves } from '../server/desk/moves'
import { canWriteToSubmitter } from '../server/mail/message-intent'
import { mayErase, mayWriteToSubmitter } from '../server/policy/questions'
import { deskMovedStatus } from '../server/render/desk/moved-status'
import { renderRecordPage } from '../server/render/desk/record-page'
import type { RefusedMove } from '../server/render/desk/move-buttons'
import type { WriteState } from '../server/render/desk/write-form'
import { pkgAssets } from './assets'
import { getCsrfToken } from './csrf'
import { sendPage } from './html-response'

type Found = Exclude<DeskRecordFound, { refused: unknown }>

const WRITTEN_STATUS = said('desk.written')
const ERASED_STATUS = { done: said('desk.erase.done'), already: said('desk.erase.already') } as const

/** Whether the person may write to this record's submitter, and whether anyone can. */
export function writeStateOf(req: DeskRequest, found: Found): WriteState {
  if (!mayWriteToSubmitter(req.policy, req, found.bucket, found.view)) return { kind: 'hidden' }
  return canWriteToSubmitter(found.bucket, found.view) ? { kind: 'open' } : { kind: 'no-address' }
}

/** A refused post shown again on the record page: a message to the submitter (400) or a move's note (422). */
export type RecordRefusal =
  { readonly write: { readonly kept: string; readonly error: Said } } | { readonly move: RefusedMove }

export async function sendDeskRecordPage(
  event: H3Event,
  req: DeskRequest,
  found: Found,
  refused?: RecordRefusal,
): Promise<string> {
  const { index, records } = await useRecords()
  const { desk, bucket, view } = found
  const [history, csrf] = await Promise.all([records.history(bucket.name, view.id), getCsrfToken(event)])
  const links = linkedRecords(
    { ...req, desk: desk.name, readable: found.readable, lookup: (b, id) => index.get(b, id) },
    bucket,
    view,
  )
  const query = getQuery(event)
  const config = useConfig()
  const write = writeStateOf(req, found)
  const refusedWrite = refused !== undefined && 'write' in refused ? refused.write : undefined
  const erased = query.erased === 'done' || query.erased === 'already' ? ERASED_STATUS[query.erased] : undefined
  const status = query.written === '1' ? WRITTEN_STATUS : (erased ?? deskMovedStatus(bucket, query.moved, req.story))
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
      status: refused === undefined ? status : undefined,
      erasable: mayErase(req.policy, req, desk, view),
      write: write.kind === 'open' && refusedWrite !== undefined ? { kind: 'open', ...refusedWrite } : write,
      ...(refused !== undefined && 'move' in refused ? { refusedMove: refused.move } : {}),
      ...(config.MAP_TOKEN === undefined ? {} : { maps: { attribution: config.MAP_ATTRIBUTION } }),
    }),
    refused === undefined ? 200 : 'move' in refused ? 422 : 400,
  )
}
