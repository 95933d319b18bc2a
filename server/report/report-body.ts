// The report's JSON body (SPEC 2, "Report counts"). Each entry is rebuilt
// from its four fields, so nothing the index might one day keep beside a
// count can reach the public.
import type { StateCount } from '../records/state-counts'

export interface ReportBody {
  readonly counts: readonly StateCount[]
}

export function reportBody(counts: readonly StateCount[]): ReportBody {
  return { counts: counts.map(({ bucket, storyline, state, count }) => ({ bucket, storyline, state, count })) }
}
