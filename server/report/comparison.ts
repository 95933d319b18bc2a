// Which storyline works better, and how sure we are, from counts alone
// (issue 30): per bucket, per storyline the visitors, the records filed, the
// filing rate and the share of filed records that reached each state, each
// with its 95% interval; a chi-square test per measure with a verdict; the
// visitors still needed when nothing shows yet; and, for the whole site, a
// check that visitors are split evenly. Labels are the site's staff words.
import type { SiteModel } from '../content/model'
import { staffStory } from '../content/staff-story'
import { textAt } from '../content/storyline'
import type { ReportCounts } from './report-counts'
import {
  chiSquareEvenSplit,
  chiSquareIndependence,
  sampleSizePerGroup,
  wilson,
  type ChiSquare,
  type Interval,
} from './statistics'

/** Below this p a difference is called shown. */
export const SIGNIFICANCE = 0.05
/** Below this p the split of visitors is called uneven: a fault to look for, not chance. */
export const SAMPLE_RATIO_ALARM = 0.001
/** The difference in filing rate, in points, the sample size is worked out for. */
export const DETECTABLE_POINTS = 5

export interface Share {
  readonly hits: number
  readonly trials: number
  /** Null without trials, or with more hits than trials. */
  readonly interval: Interval | null
}

export type Verdict =
  | { readonly kind: 'leads'; readonly leader: string; readonly other: string; readonly points: number }
  | { readonly kind: 'not-yet' }

export interface Measure {
  /** Per storyline, in the order of Comparison.storylines. */
  readonly shares: readonly Share[]
  /** Null when there is nothing to test (fewer than two storylines with counts). */
  readonly test: ChiSquare | null
  readonly verdict: Verdict
}

export interface StateMeasure extends Measure {
  readonly state: string
  readonly label: string
}

export interface BucketComparison {
  readonly bucket: string
  readonly title: string
  /** Why nothing is compared, or null when it is. */
  readonly nothing: 'one-storyline' | 'no-records' | null
  readonly visitors: readonly number[]
  readonly filed: readonly number[]
  /** Filed of visitors; null when more were filed than visitors counted (records from before counting began). */
  readonly filing: Measure | null
  /** Reached of filed, per state in the content's order. */
  readonly states: readonly StateMeasure[]
  /** Visitors per storyline a 5-point difference in filing rate needs, when none is shown yet. */
  readonly needed: { readonly perStoryline: number; readonly more: number } | null
}

export interface Comparison {
  /** The site's storylines: the ones visitors are drawn for. */
  readonly storylines: readonly string[]
  /** The even-split test of visitors, when it alarms. */
  readonly sampleRatio: ChiSquare | null
  readonly buckets: readonly BucketComparison[]
}

export function compareStorylines(site: SiteModel, counts: ReportCounts): Comparison {
  const story = staffStory(site)
  const storylines = site.storylines
  const visitors = storylines.map((name) => counts.visitors.find((v) => v.storyline === name)?.count ?? 0)
  const split = chiSquareEvenSplit(visitors)
  const buckets = [...site.buckets.values()].map((bucket): BucketComparison => {
    const mine = counts.counts.filter((c) => c.bucket === bucket.name)
    const of = (storyline: string, state?: string) =>
      mine.filter((c) => c.storyline === storyline && (!state || c.state === state))
    const filed = storylines.map((name) => of(name).reduce((sum, c) => sum + c.count, 0))
    const nothing = storylines.length < 2 ? 'one-storyline' : filed.every((n) => n === 0) ? 'no-records' : null
    const filing = filed.every((n, i) => n <= (visitors[i] ?? 0)) ? measure(storylines, filed, visitors) : null
    const states = bucket.states.map((state): StateMeasure => {
      const reached = storylines.map((name) => of(name, state.name).reduce((sum, c) => sum + c.reached, 0))
      return {
        state: state.name,
        label: textAt(state.label, story) || state.name,
        ...measure(storylines, reached, filed),
      }
    })
    return {
      bucket: bucket.name,
      title: textAt(bucket.title, story) || bucket.name,
      nothing,
      visitors,
      filed,
      filing,
      states,
      needed: nothing === null && filing !== null && filing.verdict.kind !== 'leads' ? needed(filed, visitors) : null,
    }
  })
  return {
    storylines,
    sampleRatio: split !== null && split.p < SAMPLE_RATIO_ALARM ? split : null,
    buckets,
  }
}

function measure(storylines: readonly string[], hits: readonly number[], trials: readonly number[]): Measure {
  const shares = hits.map((h, i): Share => ({ hits: h, trials: trials[i] ?? 0, interval: wilson(h, trials[i] ?? 0) }))
  const test = shares.every((s) => s.hits <= s.trials)
    ? chiSquareIndependence(shares.map((s) => [s.hits, s.trials - s.hits]))
    : null
  return { shares, test, verdict: verdictOf(storylines, shares, test) }
}

// The leader is the storyline with the highest share; by how much is against the next highest.
function verdictOf(storylines: readonly string[], shares: readonly Share[], test: ChiSquare | null): Verdict {
  if (test === null || test.p >= SIGNIFICANCE) return { kind: 'not-yet' }
  const ranked = shares
    .map((share, i) => ({ name: storylines[i] ?? '', share: share.interval?.share }))
    .filter((s): s is { name: string; share: number } => s.share !== undefined)
    .sort((a, b) => b.share - a.share)
  const [first, second] = ranked
  if (first === undefined || second === undefined) return { kind: 'not-yet' }
  return { kind: 'leads', leader: first.name, other: second.name, points: (first.share - second.share) * 100 }
}

function needed(filed: readonly number[], visitors: readonly number[]): BucketComparison['needed'] {
  const allVisitors = visitors.reduce((sum, n) => sum + n, 0)
  const allFiled = filed.reduce((sum, n) => sum + n, 0)
  if (allVisitors <= 0 || allFiled > allVisitors) return null
  const perStoryline = sampleSizePerGroup(allFiled / allVisitors, DETECTABLE_POINTS / 100)
  if (perStoryline === null) return null
  return { perStoryline, more: Math.max(0, perStoryline - Math.min(...visitors)) }
}
