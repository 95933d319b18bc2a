// Checks across files that belong to no single page, bucket or desk.
import type { CompileContext } from './compile-context'
import type { Diagnostic } from './diagnostics'
import type { Bucket, Desk, Page } from './model'
import type { RawSite } from './schemas/site'
import type { YamlFile } from './yaml-file'

/** Groups the content itself puts people in: a desk's group and invites, and every state's grants. */
export function knownGroups(desks: Iterable<Desk>, buckets: Iterable<Bucket>): Set<string> {
  const groups = new Set<string>()
  for (const d of desks) [d.group, ...d.invites].forEach((g) => groups.add(g))
  for (const b of buckets) b.states.forEach((s) => s.grants !== undefined && groups.add(s.grants))
  return groups
}

/** Without pages/index.yaml the address people type first has nothing on it. */
export function homePageDiagnostics(files: Iterable<string>): Diagnostic[] {
  for (const f of files) if (f === 'pages/index.yaml' || f === 'pages/index.yml') return []
  return [
    {
      file: 'pages/index.yaml',
      line: 1,
      col: 1,
      severity: 'warning',
      rule: 'missing-file',
      message: 'there is no pages/index.yaml, so the site has no page at /; add one',
    },
  ]
}

/** Responsible people send edit suggestions, which are mailed to the inbox. */
export function checkInbox(ctx: CompileContext, siteYaml: YamlFile, site: RawSite, pages: readonly Page[]): void {
  const named = pages.find((p) => p.responsible.length > 0)
  if (!named || site.inbox !== undefined) return
  ctx.report(
    siteYaml,
    [],
    'missing-key',
    `${named.file} names responsible people, but ${siteYaml.file} has no inbox, so their edit suggestions are kept ` +
      `but not mailed; add inbox: with the site's address`,
    { severity: 'warning' },
  )
}

/** One desk lists and moves the edit suggestions: with two, a suggestion's reviewers would depend on file order. */
export function checkSuggestionsDesk(
  ctx: CompileContext,
  desks: ReadonlyMap<string, Desk>,
  files: ReadonlyMap<string, YamlFile>,
): void {
  const marked = [...desks.values()].filter((desk) => desk.suggestions)
  const first = marked[0]
  for (const desk of marked.slice(1)) {
    const yaml = files.get(desk.name)
    if (yaml === undefined || first === undefined) continue
    ctx.report(
      yaml,
      ['suggestions'],
      'suggestions-desk',
      `${files.get(first.name)?.file ?? first.name} already has suggestions: true; one desk lists the edit ` +
        'suggestions, so remove it here or there',
    )
  }
}

/** Two menu entries with one `order` would be shown in an order nobody chose. */
export function checkNavOrder(
  ctx: CompileContext,
  pageYaml: ReadonlyMap<string, YamlFile>,
  pages: readonly Page[],
): void {
  const byOrder = new Map<number, Page>()
  for (const page of pages) {
    if (page.nav === undefined) continue
    const first = byOrder.get(page.nav.order)
    const yaml = pageYaml.get(page.file)
    if (first === undefined) byOrder.set(page.nav.order, page)
    else if (yaml !== undefined)
      ctx.report(
        yaml,
        ['nav', 'order'],
        'nav-order',
        `${first.file} has nav order ${page.nav.order} too; give each menu entry its own order`,
      )
  }
}
