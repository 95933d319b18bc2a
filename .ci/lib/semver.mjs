// Release versions: MAJOR.MINOR.PATCH, no pre-release or build part (SPEC 9.1).
const SHAPE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/

export function isVersion(text) {
  return typeof text === 'string' && SHAPE.test(text)
}

export function compareVersions(a, b) {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i]
  return 0
}

export function highest(versions) {
  return versions.filter(isVersion).sort(compareVersions).at(-1)
}
