// A suggestion as a reader takes it in: each changed text as a unified diff
// (the `diff` package), in a Markdown code block, so mail shows it as written,
// script and marks included, in the text part and escaped in the HTML part.
import { structuredPatch } from 'diff'
import type { SuggestedChange } from './suggestion-record'
import { said, type Said } from '../messages/said'

/** The lines of one change's diff, `-` now, `+` suggested. */
function changeDiff(change: SuggestedChange): string {
  const before = withNewline(change.before)
  const after = withNewline(change.after)
  const { hunks } = structuredPatch('now', 'suggested', before, after, '', '', { context: 3 })
  return hunks
    .map((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines])
    .flat()
    .join('\n')
}

/** Which text and storyline a change is to, in words. */
export function changeHeading(change: SuggestedChange): Said {
  return change.storyline === null
    ? said('suggest.change.every-storyline', { label: change.label })
    : said('suggest.change.storyline', { label: change.label, storyline: change.storyline })
}

/** The diff in a fence longer than any run of backticks inside it, so no text can close it. */
export function diffBlock(change: SuggestedChange): string {
  const diff = changeDiff(change)
  const longest = Math.max(0, ...[...diff.matchAll(/`+/g)].map(([run]) => run.length))
  const fence = '`'.repeat(Math.max(3, longest + 1))
  return `${fence}diff\n${diff}\n${fence}`
}

function withNewline(text: string): string {
  return text.endsWith('\n') ? text : `${text}\n`
}
