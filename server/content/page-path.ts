// Where a page file is served: pages/index.yaml is /, pages/a/index.yaml and
// pages/a.yaml are /a, pages/a/_record.yaml is /a/:id.

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/

// The service's own routes. A page there would never be reached, or would
// shadow the service, so its first part may not be one of these.
export const RESERVED_PAGE_PARTS = [
  'site',
  'pkg',
  'report',
  'attachment',
  'healthz',
  'readyz',
  'auth',
  'desk',
  'hooks',
  'automation',
  'file',
  'self',
  'my',
  'dev',
  'tiles',
  'invite',
  'suggest',
  'svc',
] as const

type PagePath = { path: string; isRecord: boolean } | { error: string; rule: 'bad-value' | 'reserved-name' }

export function pagePath(file: string): PagePath {
  const rel = file.replace(/^pages\//, '').replace(/\.ya?ml$/, '')
  const segments = rel.split('/')
  const last = segments.pop() ?? ''
  const first = segments[0] ?? (last === 'index' || last === '_record' ? undefined : last)
  if (first !== undefined && ((RESERVED_PAGE_PARTS as readonly string[]).includes(first) || first.startsWith('svc_'))) {
    return {
      rule: 'reserved-name',
      error:
        `/${first} belongs to the service itself, so no page can be served under it; rename "${first}" ` +
        `(reserved: ${RESERVED_PAGE_PARTS.join(', ')} and anything starting with svc_)`,
    }
  }
  const bad = segments.find((s) => !SEGMENT.test(s))
  if (bad !== undefined)
    return {
      rule: 'bad-value',
      error: `folder "${bad}" cannot be part of a web address; use lowercase letters, digits and -`,
    }
  if (last === '_record') {
    if (segments.length === 0)
      return {
        rule: 'bad-value',
        error: 'a record page needs a folder, e.g. pages/districts/_record.yaml for /districts/{id}',
      }
    return { path: `/${segments.join('/')}/:id`, isRecord: true }
  }
  if (last !== 'index' && !SEGMENT.test(last))
    return {
      rule: 'bad-value',
      error: `file name "${last}" cannot be part of a web address; use lowercase letters, digits and -`,
    }
  const parts = last === 'index' ? segments : [...segments, last]
  return { path: `/${parts.join('/')}`, isRecord: false }
}
