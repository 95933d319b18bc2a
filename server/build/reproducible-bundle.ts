// Two builds of one commit must give the same bytes (docs/releasing.md,
// "Reproducible"), but Nitro writes two things that vary with the build:
// the imports of handlers and plugins are named after a hash of their
// absolute path (so after the folder the build ran in), and the public files
// are listed in the order their reads finished. This rollup plugin names those
// imports by their place and sorts that list.
import type { Plugin } from 'rollup'

const NAMED_BY_PATH = ['#nitro-internal-virtual/server-handlers', '#nitro-internal-virtual/plugins']
const PUBLIC_ASSETS = '#nitro-internal-virtual/public-assets-data'

export function reproducibleBundle(): Plugin {
  return {
    name: 'svc:reproducible-bundle',
    transform(code, id) {
      if (NAMED_BY_PATH.some((name) => id.includes(name))) return { code: nameByPlace(code), map: null }
      if (id.includes(PUBLIC_ASSETS)) return { code: sortAssets(code), map: null }
      return null
    },
  }
}

function nameByPlace(code: string): string {
  const names = [...code.matchAll(/^(?:import\s+(\w+)\s+from\b|const\s+(\w+)\s*=\s*\(\)\s*=>\s*import\()/gm)].map(
    (m) => m[1] ?? m[2] ?? '',
  )
  let out = code
  for (const [i, name] of [...new Set(names)].entries()) {
    out = out.replace(new RegExp(`\\b${name}\\b`, 'g'), `_import${i}`)
  }
  return out
}

function sortAssets(code: string): string {
  const json = /^\s*export default ([\s\S]*);\s*$/.exec(code)?.[1]
  if (json === undefined) throw new Error('[svc] [build] the public assets list is not the shape this build expects')
  const assets = JSON.parse(json) as Record<string, unknown>
  const sorted = Object.fromEntries(
    Object.keys(assets)
      .sort()
      .map((key) => [key, assets[key]]),
  )
  return `export default ${JSON.stringify(sorted, null, 2)};`
}
