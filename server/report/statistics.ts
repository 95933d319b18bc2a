// The report's statistics, from counts alone: a proportion's 95% Wilson score
// interval, chi-square tests (independence of a table, fit to an even split)
// and the visitors per group a two-proportion test needs. Every function
// answers null where a number would be NaN or meaningless, so none reaches a page.
import { chiSquareSurvival } from './chi-square-survival'

/** The standard normal quantiles for a two-sided 5% level and for 80% power. */
const Z_95 = 1.959963984540054
const Z_POWER_80 = 0.8416212335729143

export interface Interval {
  readonly share: number
  readonly low: number
  readonly high: number
}

/** `hits` of `trials` with its 95% Wilson score interval; null without trials or with more hits than trials. */
export function wilson(hits: number, trials: number): Interval | null {
  if (trials <= 0 || hits < 0 || hits > trials) return null
  const share = hits / trials
  const z2 = Z_95 * Z_95
  const scale = 1 + z2 / trials
  const centre = (share + z2 / (2 * trials)) / scale
  const half = (Z_95 / scale) * Math.sqrt((share * (1 - share)) / trials + z2 / (4 * trials * trials))
  return { share, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

export interface ChiSquare {
  readonly statistic: number
  readonly df: number
  readonly p: number
}

/**
 * Pearson's test of independence of a table's rows and columns. Rows and
 * columns that are all zero say nothing and are left out; null when fewer than
 * two of either remain.
 */
export function chiSquareIndependence(table: readonly (readonly number[])[]): ChiSquare | null {
  const width = Math.max(0, ...table.map((row) => row.length))
  const rows = table.filter((row) => sum(row) > 0)
  const columns = [...Array(width).keys()].filter((column) => rows.some((row) => (row[column] ?? 0) > 0))
  if (rows.length < 2 || columns.length < 2) return null
  const rowTotals = rows.map(sum)
  const columnTotals = columns.map((column) => sum(rows.map((row) => row[column] ?? 0)))
  const total = sum(rowTotals)
  let statistic = 0
  rows.forEach((row, r) =>
    columns.forEach((column, c) => {
      const expected = ((rowTotals[r] ?? 0) * (columnTotals[c] ?? 0)) / total
      statistic += ((row[column] ?? 0) - expected) ** 2 / expected
    }),
  )
  const df = (rows.length - 1) * (columns.length - 1)
  return { statistic, df, p: chiSquareSurvival(statistic, df) }
}

/** Pearson's test of counts against an even split among them; null with fewer than two groups or no counts. */
export function chiSquareEvenSplit(counts: readonly number[]): ChiSquare | null {
  const total = sum(counts)
  if (counts.length < 2 || total <= 0) return null
  const expected = total / counts.length
  const statistic = sum(counts.map((count) => (count - expected) ** 2 / expected))
  const df = counts.length - 1
  return { statistic, df, p: chiSquareSurvival(statistic, df) }
}

/**
 * Per group, how many are needed to tell a rate of `base` from one `difference`
 * higher (lower when that would pass 1) at a two-sided 5% level with 80% power:
 * n = (z₍α/2₎·√(2·p̄(1−p̄)) + z₍β₎·√(p₁(1−p₁) + p₂(1−p₂)))² / δ². Null for a base outside [0, 1].
 */
export function sampleSizePerGroup(base: number, difference: number): number | null {
  if (!(base >= 0 && base <= 1) || !(difference > 0 && difference < 1)) return null
  const other = base + difference <= 1 ? base + difference : base - difference
  const mean = (base + other) / 2
  const spread =
    Z_95 * Math.sqrt(2 * mean * (1 - mean)) + Z_POWER_80 * Math.sqrt(base * (1 - base) + other * (1 - other))
  return Math.ceil((spread * spread) / (difference * difference))
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0)
