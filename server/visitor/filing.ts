// Filing a checked form as the visitor: in their storyline, as their record
// (or nobody's in a `sign_in: none` bucket).
import type { Bucket } from '../content/model'
import type { RecordView } from '../records/types'
import type { Visit } from './visit'

/**
 * The record the form with token `submission` filed: a new one the first
 * time, the same one for every repeat. `submitter`, when given, is what the
 * record carries instead of the visitor's own (a visitor known by their
 * cookie files under a value drawn for this filing). Throws
 * BucketNotFoundError when the content lost the bucket meanwhile.
 */
export async function fileAsVisitor(
  visit: Visit,
  bucket: Bucket,
  values: Record<string, string>,
  submission: string,
  submitter?: string,
): Promise<RecordView | null> {
  const { site, story, visitor } = visit.ctx
  const storyline = site.storylines[story] ?? site.storylines[0]
  // A post that passed its CSRF check has a session, so both are known.
  if (storyline === undefined || visitor.submitter === undefined || visitor.actor === undefined) return null
  return visit.records.file({
    bucket: bucket.name,
    storyline,
    fields: values,
    submitter: bucket.signIn === 'none' ? '' : (submitter ?? visitor.submitter),
    actor: visitor.actor,
    submission,
  })
}
