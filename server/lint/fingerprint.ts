// What the lint reads, as hashes: the content schemas (as JSON Schema) and the
// Cedar schema policies are validated against. A release compares them with
// the committed .ci/lint-fingerprint.json, so a change to the content format
// cannot ship without saying so (SPEC 9.3; docs/releasing.md).
import { createHash } from 'node:crypto'
import { z } from 'zod'
import { bucketSchema } from '../content/schemas/bucket'
import { deskSchema } from '../content/schemas/desk'
import { pageSchema } from '../content/schemas/page'
import { siteSchema } from '../content/schemas/site'
import { POLICY_SCHEMA } from '../policy/schema'

const CONTENT_SCHEMAS = { site: siteSchema, page: pageSchema, bucket: bucketSchema, desk: deskSchema }

export function lintFingerprint(): { schemas: Record<string, string> } {
  const schemas: Record<string, string> = {}
  for (const [name, schema] of Object.entries(CONTENT_SCHEMAS)) {
    schemas[name] = sha256(JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })))
  }
  schemas.policy = sha256(POLICY_SCHEMA)
  return { schemas }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}
