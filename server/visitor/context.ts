// What every piece of page data is worked out from: the content, the
// visitor's storyline, the policy and the records as this instance knows them.
import type { SiteModel } from '../content/model'
import type { PolicyEngine } from '../policy/engine'
import type { RecordIndex } from '../records/record-index'
import type { Visitor } from './visitor'

export interface PageContext {
  readonly site: SiteModel
  readonly story: number
  readonly policy: PolicyEngine
  readonly index: RecordIndex
  readonly visitor: Visitor
}
