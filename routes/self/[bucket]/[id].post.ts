// A submitter's own move on their case (SPEC "Self transition"), then back
// to the page the button was on with a status message. A button on a page
// opened by the case's mail link carries its capability, and so does the way back.
import { defineEventHandler, getRequestURL, getRouterParam, isError, sendRedirect, type H3Event } from 'h3'
import type { FormBody } from '../../../server/forms/form-body'
import { readFormBody } from '../../../utils/read-form-body'
import { nameSchema, recordIdSchema } from '../../../server/names'
import type { Move } from '../../../server/content/model'
import {
  closingSelfMove,
  readSelfMoveButton,
  takeSelfMove,
  type SelfMoveButtonPost,
} from '../../../server/visitor/self-move'
import { renderSelfMoveConfirm } from '../../../server/render/self-move-confirm'
import type { Visit } from '../../../server/visitor/visit'
import { startVisit } from '../../../utils/visit'
import {
  CONFIRMED_FIELD,
  CSRF_FIELD,
  EDGE_FIELD,
  PAGE_FIELD,
  SEQ_FIELD,
  SUBMISSION_FIELD,
} from '../../../server/forms/service-fields'
import { formRefusal, renderFormRefusal, type FormRefusal } from '../../../server/render/form-refusal'
import { pkgAssets } from '../../../utils/assets'
import { checkCsrf } from '../../../utils/csrf'
import { sendPage } from '../../../utils/html-response'
import { heldCaseToken, keepCapabilityPrivate } from '../../../utils/case-capability'
import { asCaseHolder } from '../../../server/visitor/case-holder'
import { CASE_TOKEN_FIELD } from '../../../server/visitor/case-token'

function refuse(event: H3Event, visit: Visit, kind: FormRefusal): string {
  return sendPage(event, renderFormRefusal(visit.ctx.site, visit.ctx.story, pkgAssets, kind), formRefusal(kind))
}

async function readBody(event: H3Event): Promise<FormBody | FormRefusal> {
  try {
    return await readFormBody(event)
  } catch (error) {
    if (!isError(error)) throw error
    return error.statusCode === 413 ? 'too-large' : 'unreadable'
  }
}

// Only the button's own inputs go round again, read and checked: nothing else the post carried.
function askAgain(
  event: H3Event,
  visit: Visit,
  move: Move,
  button: SelfMoveButtonPost,
  csrf: string,
  token: string | null,
): string {
  const { site, story } = visit.ctx
  const posted = {
    [CSRF_FIELD]: csrf,
    [EDGE_FIELD]: button.edge,
    [SEQ_FIELD]: String(button.seq),
    [PAGE_FIELD]: button.back,
    [SUBMISSION_FIELD]: button.submission,
    ...(token === null ? {} : { [CASE_TOKEN_FIELD]: token }),
  }
  const action = getRequestURL(event).pathname
  const page = sendPage(
    event,
    renderSelfMoveConfirm({
      site,
      story,
      assets: pkgAssets,
      action,
      posted,
      label: move.label,
      back: backTo(button, token),
    }),
  )
  if (token !== null) keepCapabilityPrivate(event)
  return page
}

function backTo(button: SelfMoveButtonPost, token: string | null): string {
  return token === null ? button.back : `${button.back}?${CASE_TOKEN_FIELD}=${encodeURIComponent(token)}`
}

async function handle(event: H3Event): Promise<string | void> {
  const started = await startVisit(event)
  const name = nameSchema.safeParse(getRouterParam(event, 'bucket'))
  const bucket = name.success ? started.ctx.site.buckets.get(name.data) : undefined
  if (bucket === undefined) return refuse(event, started, 'gone')
  const id = recordIdSchema.safeParse(getRouterParam(event, 'id'))
  if (!id.success) return refuse(event, started, 'no-record')
  const body = await readBody(event)
  if (typeof body === 'string') return refuse(event, started, body)
  const token = await heldCaseToken(body.get(CASE_TOKEN_FIELD), bucket.name, id.data)
  const held = token === null ? null : started.ctx.index.get(bucket.name, id.data)
  const visit = held === null ? started : asCaseHolder(started, bucket, held)
  const csrf = body.get(CSRF_FIELD)
  if (typeof csrf !== 'string' || !(await checkCsrf(event, csrf))) return refuse(event, visit, 'expired')
  const button = readSelfMoveButton(body)
  if (button === null) return refuse(event, visit, 'unreadable')
  const taken = await takeSelfMove(visit, bucket, id.data, button, body.get(CONFIRMED_FIELD) === 'yes')
  if (taken === 'confirm') {
    const closing = closingSelfMove(bucket, button.edge)
    return closing === null ? refuse(event, visit, 'changed') : askAgain(event, visit, closing, button, csrf, token)
  }
  if (taken !== null) return refuse(event, visit, taken)
  const moved = `moved=${encodeURIComponent(id.data)}`
  return sendRedirect(event, token === null ? `${button.back}?${moved}` : `${backTo(button, token)}&${moved}`, 303)
}

// A bus that cannot answer for the session becomes the 503 page in server/nitro/error-handler.ts.
export default defineEventHandler(handle)
