// Buckets: the public view's states and the submitters' self moves.
import type { Bucket, SiteModel } from '../content/model'
import { cedarString, type CompiledPolicy } from './cedar-text'

export function compileBucketPolicies(site: SiteModel): CompiledPolicy[] {
  return [...site.buckets.values()].flatMap((bucket) => [
    ...compilePublic(bucket),
    ...compileSelf(bucket),
    ...compileSelfErase(bucket),
  ])
}

// Records only: the public view shows records in chosen states, and reading
// the bucket as a whole stays with its desks.
function compilePublic(bucket: Bucket): CompiledPolicy[] {
  const scope = `resource is Record in Bucket::${cedarString(bucket.name)}`
  return (bucket.public?.states ?? []).map((state) => [
    `public:${bucket.name}:read:${state}`,
    `permit (principal, action == Action::"read", ${scope})\nwhen { resource.state == ${cedarString(state)} };`,
  ])
}

// One rule per listed `from` state (the model already put the initial state
// where `from` was left out). The submitter is a signed-in filer by subject,
// or an anonymous one by the session they filed in. A `sign_in: none` bucket keeps no submitter, so
// it has no self moves to compile.
const IS_SUBMITTER =
  '((principal has subject && resource has submitter && resource.submitter == principal.subject) ||\n' +
  '   (principal has session && resource has session && resource.session == principal.session))'

function compileSelf(bucket: Bucket): CompiledPolicy[] {
  if (bucket.signIn === 'none') return []
  const scope = `resource is Record in Bucket::${cedarString(bucket.name)}`
  return bucket.self.flatMap((move) =>
    move.from.map((state): CompiledPolicy => [
      `self:${bucket.name}:${move.name}:${state}`,
      [
        `permit (principal, action == Action::"self", ${scope})`,
        `when {`,
        `  context.edge == ${cedarString(move.name)} && resource.state == ${cedarString(state)} &&`,
        `  ${IS_SUBMITTER}`,
        `};`,
      ].join('\n'),
    ]),
  )
}

// `self_erase: true`: the submitter erases their own case's personal data, in any state.
function compileSelfErase(bucket: Bucket): CompiledPolicy[] {
  if (bucket.signIn === 'none' || bucket.selfErase !== true) return []
  const scope = `resource is Record in Bucket::${cedarString(bucket.name)}`
  return [
    [
      `self:${bucket.name}:erase`,
      `permit (principal, action == Action::"erase", ${scope})\nwhen {\n  context.via == "self" &&\n  ${IS_SUBMITTER}\n};`,
    ],
  ]
}
