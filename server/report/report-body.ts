// The report's JSON body (SPEC 2, "Report counts"): counts only. Each entry
// is rebuilt from its fields in a fixed order, so the body's shape is what
// docs/report.md promises and nothing else.
import type { ReportCount, ReportCounts, VisitorCount } from './report-counts'

export interface ReportBody {
  readonly counts: readonly ReportCount[]
  readonly visitors: readonly VisitorCount[]
}

export function reportBody({ counts, visitors }: ReportCounts): ReportBody {
  return {
    counts: counts.map(({ bucket, storyline, state, count, reached }) => ({
      bucket,
      storyline,
      state,
      count,
      reached,
    })),
    visitors: visitors.map(({ storyline, count }) => ({ storyline, count })),
  }
}
