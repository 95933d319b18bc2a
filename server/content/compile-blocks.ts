// A page's blocks, checked against the buckets they show: the names they use,
// and whether what they show to everyone is in the bucket's public view.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Block, Bucket, Field } from './model'
import type { RawPage } from './schemas/page'
import type { Path, YamlFile } from './yaml-file'

/** What pages may refer to, from the rest of the site. */
export interface SiteRefs {
  readonly buckets: ReadonlyMap<string, Bucket>
  /** Every bucket file's name, also of buckets that did not compile. */
  readonly bucketNames: ReadonlySet<string>
  /** Groups a desk names or a state grants. */
  readonly groups: ReadonlySet<string>
}

const NO_PUBLIC = 'add public: { states, fields } to the bucket'

export function compileBlocks(ctx: CompileContext, yaml: YamlFile, raw: RawPage, refs: SiteRefs): Block[] {
  // A bucket file that exists but did not compile has its own errors already.
  const bucketRef = (path: Path, name: string): Bucket | undefined => {
    const b = refs.buckets.get(name)
    if (!b && !refs.bucketNames.has(name))
      ctx.report(yaml, path, 'unknown-reference', `no bucket named "${name}"${suggestion(name, refs.bucketNames)}`)
    return b
  }
  const fieldRef = (path: Path, bucket: Bucket, name: string): Field | undefined => {
    const f = bucket.fields.find((x) => x.name === name)
    if (!f)
      ctx.report(
        yaml,
        path,
        'unknown-reference',
        `bucket "${bucket.name}" has no field "${name}"${suggestion(
          name,
          bucket.fields.map((x) => x.name),
        )}`,
      )
    return f
  }
  const isPublicPage = raw.access === undefined || raw.access === 'public'

  return (raw.blocks ?? []).flatMap((b, i): Block[] => {
    const path = ['blocks', i]
    if (b.text !== undefined) return [{ kind: 'text', text: ctx.markdown(yaml, [...path, 'text'], b.text) }]
    if (b.form !== undefined) {
      const bucket = bucketRef([...path, 'form'], b.form)
      if (bucket && isPublicPage) checkChoices(ctx, yaml, [...path, 'form'], bucket, refs, raw.record)
      return bucket ? [{ kind: 'form', bucket: b.form }] : []
    }
    if (b.map !== undefined) {
      const at = [...path, 'map']
      const bucket = bucketRef([...at, 'bucket'], b.map.bucket)
      const field = bucket && fieldRef([...at, 'field'], bucket, b.map.field)
      if (bucket && !bucket.public)
        ctx.report(
          yaml,
          [...at, 'bucket'],
          'public-unknown',
          `bucket "${bucket.name}" has no public: view, and a map shows only public records; ${NO_PUBLIC}`,
        )
      if (field && field.type !== 'location') {
        ctx.report(
          yaml,
          [...at, 'field'],
          'bad-value',
          `a map shows a location field, and "${field.name}" is ${field.type}`,
        )
      } else if (field && bucket.public && !bucket.public.fields.includes(field.name)) {
        ctx.report(
          yaml,
          [...at, 'field'],
          'public-unknown',
          `field "${field.name}" is not in the public view of bucket "${bucket.name}", and a map shows only public ` +
            `fields; add it to public.fields`,
        )
      }
      return [{ kind: 'map', bucket: b.map.bucket, field: b.map.field }]
    }
    if (b.list !== undefined) {
      const at = [...path, 'list']
      const { where } = b.list
      const view = b.list.view ?? 'public'
      const bucket = bucketRef([...at, 'bucket'], b.list.bucket)
      if (bucket && view === 'public' && !bucket.public) {
        ctx.report(
          yaml,
          [...at, b.list.view ? 'view' : 'bucket'],
          'public-unknown',
          `bucket "${bucket.name}" has no public: view, so a public list of it shows nothing; ${NO_PUBLIC}, or use ` +
            `view: mine or view: desk`,
        )
      }
      if (bucket && where) {
        const field = fieldRef([...at, 'where', 'field'], bucket, where.field)
        if (raw.record === undefined) {
          ctx.report(
            yaml,
            [...at, 'where', 'equals'],
            'bad-value',
            '"equals: record" means the record this page shows, and only a _record.yaml page shows one',
          )
        } else if (field && field.of !== raw.record) {
          ctx.report(
            yaml,
            [...at, 'where', 'field'],
            'bad-value',
            `field "${field.name}" does not name a ${raw.record} record, so it can never equal this page's record`,
          )
        }
      }
      const title = b.list.title === undefined ? undefined : ctx.text(yaml, [...at, 'title'], b.list.title)
      return [{ kind: 'list', bucket: b.list.bucket, view, where, title }]
    }
    return []
  })
}

// A record field offers the records of its `of` bucket that the visitor may
// see: on a public page that is the public view, unless the page fills it in.
function checkChoices(
  ctx: CompileContext,
  yaml: YamlFile,
  path: Path,
  bucket: Bucket,
  refs: SiteRefs,
  pageRecord: string | undefined,
): void {
  for (const field of bucket.fields) {
    const of =
      field.type !== 'record' || field.of === undefined || field.of === pageRecord
        ? undefined
        : refs.buckets.get(field.of)
    if (of && !of.public) {
      ctx.report(
        yaml,
        path,
        'public-unknown',
        `field "${field.name}" offers records of bucket "${of.name}", which has no public: view, so visitors have ` +
          `nothing to choose from; add public: to bucket "${of.name}"`,
        { severity: 'warning' },
      )
    }
  }
}
