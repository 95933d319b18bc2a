// The whole content repository -> one immutable SiteModel, or the reasons why not.
// The service and the lint both call this, so they can never disagree.
import { isName, NAME_MAX_LENGTH, RESERVED_DESK_NAMES } from '../names'
import { validatePolicyFiles } from '../policy/validate'
import { compileBranding } from './compile-site'
import { compileBucket } from './compile-bucket'
import { checkLinks } from './check-links'
import { createCompileContext, type CompileOptions } from './compile-context'
import { compileDesk } from './compile-desk'
import { checkGroupNames, compileGroups } from './compile-groups'
import { compilePage } from './compile-page'
import { byCodeUnits, capPerFile, compareDiagnostics, hasErrors, type Diagnostic } from './diagnostics'
import { suggestion } from './did-you-mean'
import type { Bucket, Desk, Page, SiteModel } from './model'
import { pagePath } from './page-path'
import { refusedDiagnostics, type RefusedEntry } from './refused-entries'
import { bucketSchema } from './schemas/bucket'
import { deskSchema } from './schemas/desk'
import { pageSchema } from './schemas/page'
import { siteSchema } from './schemas/site'
import { contentNameSchema } from './schemas/text'
import { checkInbox, checkNavOrder, checkSuggestionsDesk, homePageDiagnostics, knownGroups } from './site-checks'
import { parseYamlFile, type YamlFile } from './yaml-file'
import { validate } from './zod-issues'

export interface ContentFiles {
  /** Text files by path relative to the content root: site.yaml, pages/, buckets/, desks/, policy/. */
  readonly texts: ReadonlyMap<string, string>
  /** Paths under public/, relative to public/. */
  readonly publicFiles: readonly string[]
  /** Symlinks, submodules and other entries the source did not read; each is an error. */
  readonly refused: readonly RefusedEntry[]
}

export interface CompileResult {
  readonly site: SiteModel | null
  readonly diagnostics: readonly Diagnostic[]
}

const KNOWN_DIRS = ['pages', 'buckets', 'desks', 'policy', 'public']

export function compileContent(files: ContentFiles, options: CompileOptions): CompileResult {
  const early: Diagnostic[] = refusedDiagnostics(files.refused)
  const parsed = new Map<string, YamlFile>()
  for (const [file, text] of files.texts) {
    if (!/\.ya?ml$/.test(file)) continue
    const { yaml, diagnostics } = parseYamlFile(file, text, { verbose: options.verbose })
    early.push(...diagnostics)
    if (yaml) parsed.set(file, yaml)
  }

  const siteYaml = parsed.get('site.yaml') ?? parsed.get('site.yml')
  if (!siteYaml) {
    const present = (f: string) => files.texts.has(f) || files.refused.some((r) => r.path === f)
    if (!present('site.yaml') && !present('site.yml'))
      early.push(
        fileDiagnostic(
          'site.yaml',
          'missing-file',
          'site.yaml is missing: every site needs one for its name and branding',
        ),
      )
    return done(null, early)
  }
  const site = validate(siteYaml, siteSchema, 'site.yaml')
  early.push(...site.diagnostics)
  const storylines = site.value?.storylines ?? storylinesOf(siteYaml.data)
  const publicFiles = new Set(files.publicFiles)
  const ctx = createCompileContext(storylines, options)
  ctx.diagnostics.push(...early)
  storylines.forEach((s, i) => {
    if (storylines.indexOf(s) !== i)
      ctx.report(siteYaml, ['storylines', i], 'duplicate-name', `storyline "${s}" is listed twice`)
  })
  const branding = site.value && compileBranding(ctx, siteYaml, site.value, publicFiles)

  const byDir = (dir: string) =>
    [...parsed.values()].filter((y) => y.file.startsWith(`${dir}/`)).sort((a, b) => byCodeUnits(a.file, b.file))
  for (const y of parsed.values()) {
    const dir = y.file.includes('/') ? (y.file.split('/')[0] ?? '') : ''
    if (y !== siteYaml && !KNOWN_DIRS.includes(dir)) {
      ctx.diagnostics.push(
        fileDiagnostic(
          y.file,
          'unknown-file',
          `this file is not read by the service${dir ? suggestion(dir, KNOWN_DIRS).replace(/"(\w+)"/, '"$1/"') : ''}`,
          'warning',
        ),
      )
    }
  }

  const named = (dir: string) =>
    byDir(dir).flatMap((yaml) => {
      const rel = yaml.file.slice(dir.length + 1)
      const name = rel.replace(/\.ya?ml$/, '')
      if (rel.includes('/')) {
        ctx.diagnostics.push(
          fileDiagnostic(
            yaml.file,
            'unknown-file',
            `${dir}/ holds files directly, not in folders; this file is not read`,
            'warning',
          ),
        )
        return []
      }
      const check = contentNameSchema.safeParse(name)
      if (!check.success) {
        const reserved = name.startsWith('svc_')
        const tooLong = name.length > NAME_MAX_LENGTH
        ctx.diagnostics.push(
          fileDiagnostic(
            yaml.file,
            reserved ? 'reserved-name' : 'bad-value',
            reserved
              ? `names starting with svc_ are reserved for the service; rename ${yaml.file}`
              : tooLong
                ? `"${name}" is ${name.length} characters; names go into the service's URLs, so use at most ` +
                  `${NAME_MAX_LENGTH}`
                : `"${name}" cannot be a name; use lowercase letters, digits and _`,
          ),
        )
        return []
      }
      return [{ yaml, name }]
    })
  const uniqueNames = <T extends { yaml: YamlFile; name: string }>(items: T[], kind: string): T[] =>
    items.filter((item, i) => {
      const first = items.findIndex((x) => x.name === item.name)
      if (first === i) return true
      ctx.diagnostics.push(
        fileDiagnostic(
          item.yaml.file,
          'duplicate-name',
          `a ${kind} named "${item.name}" is already defined in ${items[first]?.yaml.file}`,
        ),
      )
      return false
    })

  const bucketFiles = uniqueNames(named('buckets'), 'bucket')
  // A bucket file with a YAML error still names its bucket: what refers to it is not wrong too.
  const unparsed = [...files.texts.keys()]
    .filter((f) => !parsed.has(f) && /^buckets\/[^/]+\.ya?ml$/.test(f))
    .map((f) => f.replace(/^buckets\/|\.ya?ml$/g, ''))
    .filter(isName)
  const bucketNames = new Set([...bucketFiles.map((b) => b.name), ...unparsed])
  const buckets = new Map<string, Bucket>()
  for (const { yaml, name } of bucketFiles) {
    const raw = validate(yaml, bucketSchema, yaml.file)
    ctx.diagnostics.push(...raw.diagnostics)
    if (raw.value) buckets.set(name, compileBucket(ctx, yaml, name, raw.value, bucketNames))
  }

  const desks = new Map<string, Desk>()
  const deskFiles = new Map<string, YamlFile>()
  for (const { yaml, name } of uniqueNames(named('desks'), 'desk')) {
    if (RESERVED_DESK_NAMES.includes(name)) {
      const why = `/desk/${name}/ is the service's own link to a case; rename ${yaml.file}`
      ctx.diagnostics.push(fileDiagnostic(yaml.file, 'reserved-name', why))
      continue
    }
    const raw = validate(yaml, deskSchema, yaml.file)
    ctx.diagnostics.push(...raw.diagnostics)
    if (raw.value) desks.set(name, compileDesk(ctx, yaml, name, raw.value, bucketNames))
    deskFiles.set(name, yaml)
  }
  checkSuggestionsDesk(ctx, desks, deskFiles)

  const refs = { buckets, bucketNames, groups: knownGroups(desks.values(), buckets.values()) }
  const pages: Page[] = []
  const pathOwner = new Map<string, string>()
  for (const yaml of byDir('pages')) {
    const at = pagePath(yaml.file)
    if ('error' in at) {
      ctx.diagnostics.push(fileDiagnostic(yaml.file, at.rule, at.error))
      continue
    }
    const owner = pathOwner.get(at.path)
    if (owner) {
      ctx.diagnostics.push(
        fileDiagnostic(
          yaml.file,
          'page-path-clash',
          `this page is served at ${at.path.replace(':id', '{id}')}, and so is ${owner}; rename one of them`,
        ),
      )
      continue
    }
    pathOwner.set(at.path, yaml.file)
    const raw = validate(yaml, pageSchema, yaml.file)
    ctx.diagnostics.push(...raw.diagnostics)
    if (raw.value) pages.push(compilePage(ctx, yaml, at, raw.value, refs))
  }
  checkNavOrder(ctx, parsed, pages)
  checkLinks(ctx, { pagePaths: pathOwner.keys(), desks: deskFiles.keys(), publicFiles })
  ctx.diagnostics.push(...homePageDiagnostics(files.texts.keys()))
  if (site.value) checkInbox(ctx, siteYaml, site.value, pages)
  const groups = compileGroups(ctx, siteYaml, site.value?.groups)
  const pageGroups = pages.flatMap((page) => (page.access === 'public' ? [] : page.access))
  checkGroupNames(ctx, siteYaml, groups, new Set([...refs.groups, ...pageGroups]))

  const policies = [...files.texts]
    .filter(([f]) => f.startsWith('policy/') && f.endsWith('.cedar'))
    .map(([file, text]) => ({ file, text }))
  ctx.diagnostics.push(...validatePolicyFiles(policies))

  if (!branding) return done(null, ctx.diagnostics)
  const model: SiteModel = { storylines, branding, pages, buckets, desks, groups, policies, publicFiles }
  return done(model, ctx.diagnostics)
}

function done(site: SiteModel | null, diagnostics: Diagnostic[]): CompileResult {
  const sorted = [...diagnostics].sort(compareDiagnostics)
  return { site: hasErrors(sorted) ? null : site, diagnostics: capPerFile(sorted) }
}

// A site.yaml with a mistake elsewhere still says which storylines there are,
// so one typo there does not turn every text list of the site into an error.
function storylinesOf(data: unknown): readonly string[] {
  const parsed = siteSchema.shape.storylines.safeParse((data as { storylines?: unknown } | null)?.storylines)
  return (parsed.success && parsed.data) || ['main']
}

function fileDiagnostic(
  file: string,
  rule: string,
  message: string,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic {
  return { file, line: 1, col: 1, severity, rule, message }
}
