// A submitter's own move on their case (SPEC "Self transition"), then back
// to the page the button was on with a status message.
import { defineEventHandler, getRouterParam, isError, sendRedirect, type H3Event } from 'h3'
import type { FormBody } from '../../../server/forms/form-body'
import { readFormBody } from '../../../utils/read-form-body'
import { nameSchema, recordIdSchema } from '../../../server/names'
import { readSelfMoveButton, takeSelfMove } from '../../../server/visitor/self-move'
import type { Visit } from '../../../server/visitor/visit'
import { startVisit } from '../../../utils/visit'
import { CSRF_FIELD } from '../../../server/forms/service-fields'
import { formRefusal, renderFormRefusal, type FormRefusal } from '../../../server/render/form-refusal'
import { pkgAssets } from '../../../utils/assets'
import { checkCsrf } from '../../../utils/csrf'
import { sendPage } from '../../../utils/html-response'

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

async function handle(event: H3Event): Promise<string | void> {
  const visit = await startVisit(event)
  const name = nameSchema.safeParse(getRouterParam(event, 'bucket'))
  const bucket = name.success ? visit.ctx.site.buckets.get(name.data) : undefined
  if (bucket === undefined) return refuse(event, visit, 'gone')
  const id = recordIdSchema.safeParse(getRouterParam(event, 'id'))
  if (!id.success) return refuse(event, visit, 'no-record')
  const body = await readBody(event)
  if (typeof body === 'string') return refuse(event, visit, body)
  if (!(await checkCsrf(event, body.get(CSRF_FIELD)))) return refuse(event, visit, 'expired')
  const button = readSelfMoveButton(body)
  if (button === null) return refuse(event, visit, 'unreadable')
  const refused = await takeSelfMove(visit, bucket, id.data, button)
  if (refused !== null) return refuse(event, visit, refused)
  return sendRedirect(event, `${button.back}?moved=${encodeURIComponent(id.data)}`, 303)
}

// A bus that cannot answer for the session becomes the 503 page in server/nitro/error-handler.ts.
export default defineEventHandler(handle)
