// Dead links: every internal address a Markdown text makes must reach a page,
// a record page's pattern, a desk, a file under public/ or one of the
// service's own addresses. Links off the site are left alone.
import type { CompileContext, LinkUse } from './compile-context'
import { didYouMean } from './did-you-mean'
import { linkPath } from './internal-links'
import { RESERVED_PAGE_PARTS } from './page-path'

export interface LinkTargets {
  /** Every page path, record pages as `/districts/:id`. */
  readonly pagePaths: Iterable<string>
  readonly desks: Iterable<string>
  /** Paths under public/. */
  readonly publicFiles: ReadonlySet<string>
}

// The service's own addresses a text may send a visitor to; desks and /site/ are checked by name.
const SERVICE_PARTS = new Set<string>(RESERVED_PAGE_PARTS.filter((p) => p !== 'desk' && p !== 'site'))

export function checkLinks(ctx: CompileContext, targets: LinkTargets): void {
  const paths = [...targets.pagePaths]
  const desks = [...targets.desks]
  const plain = new Set(paths.filter((p) => !p.includes(':id')))
  const patterns = paths.filter((p) => p.includes(':id')).map((p) => p.split('/'))
  const shown = paths.map((p) => p.replace(':id', '{id}'))
  for (const use of ctx.links) {
    const path = linkPath(use.href)
    const parts = path.split('/')
    const first = parts[1] ?? ''
    if (first === 'site') {
      const file = path.slice('/site/'.length)
      if (!targets.publicFiles.has(file)) {
        const near = didYouMean(file, targets.publicFiles)
        report(ctx, use, 'missing-file', `${use.href} is not a file under public/${fix(near, `add public/${file}`)}`)
      }
    } else if (first === 'desk') {
      const desk = parts[2]
      if (desk !== undefined && desk !== '' && !desks.includes(desk)) {
        const near = didYouMean(desk, desks)
        report(ctx, use, 'dead-link', `${use.href} is not a desk of this site${fix(near && `/desk/${near}`, '')}`)
      }
    } else if (!SERVICE_PARTS.has(first) && !first.startsWith('svc_') && !plain.has(path)) {
      if (patterns.some((p) => matches(p, parts))) continue
      const near = didYouMean(path, shown)
      const file = path === '/' ? 'pages/index.yaml' : `pages${path}.yaml`
      report(ctx, use, 'dead-link', `${use.href} is not a page of this site${fix(near, `add ${file}`)}`)
    }
  }
}

// A record page's pattern takes any one part for its id: /districts/:id matches /districts/north.
function matches(pattern: readonly string[], parts: readonly string[]): boolean {
  return pattern.length === parts.length && pattern.every((p, i) => (p === ':id' ? parts[i] !== '' : p === parts[i]))
}

function fix(near: string | null, add: string): string {
  if (near) return `; did you mean "${near}"?`
  return add ? `; ${add} or correct the address` : '; correct the address'
}

function report(ctx: CompileContext, use: LinkUse, rule: string, message: string): void {
  for (const at of use.yaml.find(use.path, use.href)) ctx.reportAt(use.yaml, at, rule, message)
}
