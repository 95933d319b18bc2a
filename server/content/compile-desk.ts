// desks/<name>.yaml -> Desk.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Bucket, Desk } from './model'
import type { RawDesk } from './schemas/desk'
import type { YamlFile } from './yaml-file'

export function compileDesk(ctx: CompileContext, yaml: YamlFile, name: string, raw: RawDesk, buckets: ReadonlyMap<string, Bucket>): Desk {
  raw.buckets.forEach((b, i) => {
    if (!buckets.has(b)) ctx.report(yaml, ['buckets', i], 'unknown-reference', `no bucket named "${b}"${suggestion(b, buckets.keys())}`)
  })
  return {
    name,
    title: ctx.text(yaml, ['title'], raw.title),
    group: raw.group,
    buckets: raw.buckets,
    invites: raw.invites ?? [],
  }
}
