// site.yaml `groups:` -> how each group reads, checked against the groups the site's desks, states and
// pages name: a label for a group nothing names is a typo the lint shows before anyone is invited.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Group } from './model'
import type { RawSite } from './schemas/site'
import type { YamlFile } from './yaml-file'

export function compileGroups(ctx: CompileContext, yaml: YamlFile, raw: RawSite['groups']): Map<string, Group> {
  const groups = new Map<string, Group>()
  for (const [name, entry] of Object.entries(raw ?? {})) {
    const label = entry?.label === undefined ? undefined : ctx.text(yaml, ['groups', name, 'label'], entry.label)
    groups.set(name, { name, label: label ?? ctx.storylines.map(() => name) })
  }
  return groups
}

/** Warns of each group `groups:` labels that no desk, invite, `grants:` or page `access:` names. */
export function checkGroupNames(
  ctx: CompileContext,
  yaml: YamlFile,
  groups: ReadonlyMap<string, Group>,
  named: ReadonlySet<string>,
): void {
  for (const name of groups.keys()) {
    if (named.has(name)) continue
    ctx.report(
      yaml,
      ['groups', name],
      'unknown-reference',
      `no desk, invite, state or page names the group "${name}"${suggestion(name, named)}`,
      { severity: 'warning', key: true },
    )
  }
}
