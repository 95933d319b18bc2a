// What the submitter's erase routes share: their own case, as its page or its
// mail's capability shows it, which they may erase (`self_erase: true` and the
// policy); anyone else's case, or none, is the same 404 as a case that does not exist.
import { getRouterParam, type H3Event } from 'h3'
import type { Bucket } from '../server/content/model'
import { nameSchema, recordIdSchema } from '../server/names'
import { mayEraseOwn } from '../server/policy/questions'
import type { RecordView } from '../server/records/types'
import { renderFormRefusal, formRefusal, type FormRefusal } from '../server/render/form-refusal'
import { asCaseHolder } from '../server/visitor/case-holder'
import type { Visit } from '../server/visitor/visit'
import { pkgAssets } from './assets'
import { heldCaseToken } from './case-capability'
import { sendPage } from './html-response'

export type SelfEraseRequest =
  | { readonly sent: string }
  | {
      readonly sent?: undefined
      readonly visit: Visit
      readonly bucket: Bucket
      readonly view: RecordView
      /** The case's capability, when the request carried one that opens it. */
      readonly token: string | null
    }

export function refuseSelfErase(event: H3Event, visit: Visit, kind: FormRefusal): string {
  return sendPage(event, renderFormRefusal(visit.ctx.site, visit.ctx.story, pkgAssets, kind), formRefusal(kind))
}

export async function readSelfEraseRequest(event: H3Event, started: Visit, token: unknown): Promise<SelfEraseRequest> {
  const name = nameSchema.safeParse(getRouterParam(event, 'bucket'))
  const bucket = name.success ? started.ctx.site.buckets.get(name.data) : undefined
  const id = recordIdSchema.safeParse(getRouterParam(event, 'id'))
  const view = bucket !== undefined && id.success ? await started.records.get(bucket.name, id.data) : null
  if (bucket === undefined || view === null) return { sent: refuseSelfErase(event, started, 'no-record') }
  const held = await heldCaseToken(token, bucket.name, view.id)
  const visit = held === null ? started : asCaseHolder(started, bucket, view)
  if (!mayEraseOwn(visit.ctx.policy, visit.ctx.visitor, bucket, view))
    return { sent: refuseSelfErase(event, visit, 'no-record') }
  return { visit, bucket, view, token: held }
}
