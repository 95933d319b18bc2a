// Filing a checked form as the visitor: in their storyline, as their record
// (or nobody's in a `sign_in: none` bucket).
import type { Bucket } from '../content/model'
import type { RecordView } from '../records/types'
import type { Visit } from './visit'

/**
 * The record the form with token `submission` filed: a new one the first
 * time, the same one for every repeat. Throws BucketNotFoundError when the
 * content lost the bucket meanwhile.
 */
export async function fileAsVisitor(
  visit: Visit,
  bucket: Bucket,
  values: Record<string, string>,
  submission: string,
): Promise<RecordView | null> {
  const { site, story, visitor } = visit.ctx
  const storyline = site.storylines[story] ?? site.storylines[0]
  // A post that passed its CSRF check has a session, so both are known.
  if (storyline === undefined || visitor.submitter === undefined || visitor.actor === undefined) return null
  return visit.records.file({
    bucket: bucket.name,
    storyline,
    fields: values,
    submitter: bucket.signIn === 'none' ? '' : visitor.submitter,
    actor: visitor.actor,
    submission,
  })
}
