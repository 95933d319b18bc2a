// pages/**/*.yaml -> Page, with its blocks checked against the buckets.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Block, Bucket, Page, Person } from './model'
import { normalizePhone } from './phone'
import type { RawPage } from './schemas/page'
import type { Path, YamlFile } from './yaml-file'

export function compilePage(
  ctx: CompileContext, yaml: YamlFile, at: { path: string; isRecord: boolean }, raw: RawPage, buckets: ReadonlyMap<string, Bucket>,
  bucketNames: ReadonlySet<string>,
): Page {
  // A bucket file that exists but did not compile has its own errors already.
  const bucketRef = (path: Path, name: string): Bucket | undefined => {
    const b = buckets.get(name)
    if (!b && !bucketNames.has(name)) ctx.report(yaml, path, 'unknown-reference', `no bucket named "${name}"${suggestion(name, bucketNames)}`)
    return b
  }
  const fieldRef = (path: Path, bucket: Bucket, name: string) => {
    const f = bucket.fields.find((x) => x.name === name)
    if (!f) ctx.report(yaml, path, 'unknown-reference', `bucket "${bucket.name}" has no field "${name}"${suggestion(name, bucket.fields.map((x) => x.name))}`)
    return f
  }

  if (at.isRecord && raw.record === undefined) ctx.report(yaml, [], 'missing-key', `a record page (${at.path.replace(':id', '{id}')}) needs "record:" naming the bucket whose record it shows`)
  if (!at.isRecord && raw.record !== undefined) ctx.report(yaml, ['record'], 'bad-value', 'only a _record.yaml page shows one record; rename the file or drop "record:"', { key: true })
  if (raw.record !== undefined) bucketRef(['record'], raw.record)

  const blocks = (raw.blocks ?? []).flatMap((b, i): Block[] => {
    const path = ['blocks', i]
    if (b.text !== undefined) return [{ kind: 'text', text: ctx.text(yaml, [...path, 'text'], b.text) }]
    if (b.form !== undefined) return bucketRef([...path, 'form'], b.form) ? [{ kind: 'form', bucket: b.form }] : []
    if (b.map !== undefined) {
      const bucket = bucketRef([...path, 'map', 'bucket'], b.map.bucket)
      const field = bucket && fieldRef([...path, 'map', 'field'], bucket, b.map.field)
      if (field && field.type !== 'location') ctx.report(yaml, [...path, 'map', 'field'], 'bad-value', `a map shows a location field, and "${field.name}" is ${field.type}`)
      return [{ kind: 'map', bucket: b.map.bucket, field: b.map.field }]
    }
    if (b.list !== undefined) {
      const { where } = b.list
      const bucket = bucketRef([...path, 'list', 'bucket'], b.list.bucket)
      if (bucket && where) {
        const field = fieldRef([...path, 'list', 'where', 'field'], bucket, where.field)
        if (where.equals === 'record') {
          if (raw.record === undefined) {
            ctx.report(yaml, [...path, 'list', 'where', 'equals'], 'bad-value', '"equals: record" means the record this page shows, and only a _record.yaml page shows one')
          } else if (field && field.of !== raw.record) {
            ctx.report(yaml, [...path, 'list', 'where', 'field'], 'bad-value', `field "${field.name}" does not name a ${raw.record} record, so it can never equal this page's record`)
          }
        }
      }
      return [{ kind: 'list', bucket: b.list.bucket, view: b.list.view ?? 'public', where }]
    }
    return []
  })

  const responsible = (raw.responsible ?? []).flatMap((p, i): Person[] => {
    if (!p.email && p.phone === undefined) {
      ctx.report(yaml, ['responsible', i], 'missing-key', `responsible person "${p.name}" needs an email or a phone so the service can give them an account`)
      return []
    }
    const phone = p.phone === undefined ? undefined : normalizePhone(p.phone, ctx.options.phoneCountry)
    if (phone === null) ctx.report(yaml, ['responsible', i, 'phone'], 'bad-value', `"${p.phone}" is not a phone number`)
    return [{ name: p.name, email: p.email?.toLowerCase(), phone: phone ?? undefined }]
  })

  return {
    path: at.path,
    file: yaml.file,
    title: ctx.text(yaml, ['title'], raw.title),
    responsible,
    access: raw.access ?? 'public',
    record: raw.record,
    blocks,
  }
}
