// A site model -> the one Cedar policy set every permission check uses: what
// desks, forms, public views, self moves and pages grant, then the content's
// own policy/*.cedar files. Ids are stable for unchanged content so a decision
// can name the rule that made it.
import type { SiteModel } from '../content/model'
import { compileBucketPolicies } from './compile-buckets'
import { compileDeskPolicies } from './compile-desks'
import { compilePagePolicies } from './compile-pages'
import { compilePolicySet } from './validate'

/** Policy text by id: `desk:…`, `form:…`, `public:…`, `self:…`, `page:…` and `<file>#<n>`. */
export type PolicyTexts = Readonly<Record<string, string>>

export function compileContentPolicies(site: SiteModel): PolicyTexts {
  const compiled = [...compileDeskPolicies(site), ...compileBucketPolicies(site), ...compilePagePolicies(site)]
  return { ...Object.fromEntries(compiled), ...compilePolicySet(site.policies) }
}
