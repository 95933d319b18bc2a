// CHANGELOG.md as the release reads and writes it: `## Unreleased` (with its
// `### Content format` subsection), one `## <version> - <date>` per release,
// and the closing `## Sites` table.
const UNRELEASED = '## Unreleased'
const FORMAT = '### Content format'

function unreleased(lines) {
  const start = lines.indexOf(UNRELEASED)
  if (start < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section`)
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  const end = next < 0 ? lines.length : next
  const body = lines.slice(start + 1, end)
  const at = body.indexOf(FORMAT)
  return {
    start,
    end,
    main: tidy(at < 0 ? body : body.slice(0, at)),
    format: tidy(at < 0 ? [] : body.slice(at + 1)),
  }
}

/** No blank lines at either end, and never two in a row. */
function tidy(lines) {
  const out = lines.filter((line, i) => line.trim() !== '' || (i > 0 && lines[i - 1].trim() !== ''))
  while (out.length && out[0].trim() === '') out.shift()
  while (out.length && out.at(-1).trim() === '') out.pop()
  return out
}

/** The entries under Unreleased / Content format. */
export function contentFormatLines(text) {
  return unreleased(text.split('\n')).format.filter((line) => line.startsWith('- '))
}

/** Versions that have their own section. */
export function releasedVersions(text) {
  return text
    .split('\n')
    .map((line) => /^## (\d+\.\d+\.\d+) - /.exec(line)?.[1])
    .filter(Boolean)
}

/**
 * Moves the Unreleased lines under `## <version> - <date>` (an empty
 * Unreleased and Content format stay above it) and marks the sites that ran
 * the unreleased code (the demo, bundled in every release) as running it.
 */
export function cutRelease(text, version, date) {
  const lines = text.split('\n')
  const { start, end, main, format } = unreleased(lines)
  if (main.length === 0 && format.length === 0) throw new Error('nothing under "## Unreleased" to release')
  const section = [`## ${version} - ${date}`, '', ...main, ...(format.length ? ['', FORMAT, '', ...format] : [])]
  const rest = lines.slice(end).map((line) => line.replace(/^(\|.*\| )Unreleased( \|)$/, `$1${version}$2`))
  return [...lines.slice(0, start), UNRELEASED, '', FORMAT, '', ...section, '', ...rest].join('\n')
}

/** The section of a released version, heading included: its release notes. */
export function releaseSection(text, version) {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`## ${version} - `))
  if (start < 0) throw new Error(`CHANGELOG.md has no section for ${version}`)
  const next = lines.findIndex((line, i) => i > start && line.startsWith('## '))
  return `${tidy(lines.slice(start, next < 0 ? lines.length : next)).join('\n')}\n`
}
