// Where a page file is served: pages/index.yaml is /, pages/a/index.yaml and
// pages/a.yaml are /a, pages/a/_record.yaml is /a/:id.

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/

export function pagePath(file: string): { path: string; isRecord: boolean } | { error: string } {
  const rel = file.replace(/^pages\//, '').replace(/\.ya?ml$/, '')
  const segments = rel.split('/')
  const last = segments.pop() ?? ''
  const bad = segments.find((s) => !SEGMENT.test(s))
  if (bad !== undefined) return { error: `folder "${bad}" cannot be part of a web address; use lowercase letters, digits and -` }
  if (last === '_record') {
    if (segments.length === 0) return { error: 'a record page needs a folder, e.g. pages/districts/_record.yaml for /districts/{id}' }
    return { path: `/${segments.join('/')}/:id`, isRecord: true }
  }
  if (last !== 'index' && !SEGMENT.test(last)) return { error: `file name "${last}" cannot be part of a web address; use lowercase letters, digits and -` }
  const parts = last === 'index' ? segments : [...segments, last]
  return { path: `/${parts.join('/')}`, isRecord: false }
}
