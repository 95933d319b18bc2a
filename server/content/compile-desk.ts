// desks/<name>.yaml -> Desk.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Desk } from './model'
import type { RawDesk } from './schemas/desk'
import type { YamlFile } from './yaml-file'

export function compileDesk(
  ctx: CompileContext,
  yaml: YamlFile,
  name: string,
  raw: RawDesk,
  bucketNames: ReadonlySet<string>,
): Desk {
  raw.buckets.forEach((b, i) => {
    if (!bucketNames.has(b))
      ctx.report(yaml, ['buckets', i], 'unknown-reference', `no bucket named "${b}"${suggestion(b, bucketNames)}`)
  })
  return {
    name,
    title: ctx.text(yaml, ['title'], raw.title),
    group: raw.group,
    buckets: raw.buckets,
    invites: raw.invites ?? [],
    suggestions: raw.suggestions ?? false,
    ...(raw.notify === undefined ? {} : { notify: raw.notify }),
    ...(raw.erase === true ? { erase: true } : {}),
  }
}
