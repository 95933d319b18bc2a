// The report's statistics against values worked out by hand (issue 30, Tests).
import { describe, expect, it } from 'vitest'
import { chiSquareSurvival, logGamma } from '../../server/report/chi-square-survival'
import { chiSquareEvenSplit, chiSquareIndependence, sampleSizePerGroup, wilson } from '../../server/report/statistics'

describe('Wilson score interval', () => {
  it('40 of 100 is 40.0% (30.9–49.8%)', () => {
    // centre (0.4 + z²/200) / (1 + z²/100) = 0.40370, half-width 1.88747 · √(0.0024 + 0.000096) = 0.09430
    const interval = wilson(40, 100)!
    expect(interval.share).toBe(0.4)
    expect(interval.low).toBeCloseTo(0.3094, 4)
    expect(interval.high).toBeCloseTo(0.498, 4)
  })

  it('keeps zero and all-of cells inside [0, 1] and has no interval without trials', () => {
    // 0 of 10: upper bound z² / (n + z²) = 3.8415 / 13.8415
    expect(wilson(0, 10)).toEqual({ share: 0, low: 0, high: expect.closeTo(0.27753, 4) as number })
    expect(wilson(10, 10)!.low).toBeCloseTo(0.72247, 4)
    expect(wilson(10, 10)!.high).toBeLessThanOrEqual(1)
    expect(wilson(0, 0)).toBeNull()
    expect(wilson(5, 3)).toBeNull()
  })
})

describe('chi-square', () => {
  it('has the tail probabilities of the tables: 3.841 on 1 df and 9.488 on 4 are 5%; on 2 df it is e^(-x/2)', () => {
    expect(chiSquareSurvival(3.841458820694124, 1)).toBeCloseTo(0.05, 10)
    expect(chiSquareSurvival(9.487729036781154, 4)).toBeCloseTo(0.05, 10)
    expect(chiSquareSurvival(6, 2)).toBeCloseTo(Math.exp(-3), 12)
    expect(chiSquareSurvival(0, 3)).toBe(1)
    expect(chiSquareSurvival(400, 1)).toBeLessThan(1e-80)
    // Γ(5) = 24, Γ(1/2) = √π
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12)
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12)
  })

  it('a 2x2 table: 20/100 against 40/100 gives 9.524 on 1 df, p = 0.00203', () => {
    // expected 30, 70, 30, 70: 2 · (100/30 + 100/70) = 9.5238; p = erfc(√(9.5238/2)) = 0.0020282
    const test = chiSquareIndependence([
      [20, 80],
      [40, 60],
    ])!
    expect(test.statistic).toBeCloseTo(9.5238095, 6)
    expect(test.df).toBe(1)
    expect(test.p).toBeCloseTo(0.0020282, 6)
  })

  it('leaves out empty rows and columns, and says nothing with fewer than two of either', () => {
    expect(
      chiSquareIndependence([
        [20, 80, 0],
        [0, 0, 0],
        [40, 60, 0],
      ])!.p,
    ).toBeCloseTo(0.0020282, 6)
    expect(chiSquareIndependence([[3, 4]])).toBeNull()
    expect(
      chiSquareIndependence([
        [3, 0],
        [4, 0],
      ]),
    ).toBeNull()
    expect(chiSquareIndependence([])).toBeNull()
  })

  it('an even split: 60 against 40 is 4 on 1 df, p = 0.0455', () => {
    expect(chiSquareEvenSplit([60, 40])).toEqual({ statistic: 4, df: 1, p: expect.closeTo(0.0455003, 6) as number })
    expect(chiSquareEvenSplit([50, 50])!.p).toBe(1)
    expect(chiSquareEvenSplit([7])).toBeNull()
    expect(chiSquareEvenSplit([0, 0])).toBeNull()
  })
})

describe('sample size for two proportions', () => {
  it('10% against 15% at a 5% level and 80% power needs 686 per group', () => {
    // p̄ = 0.125: (1.95996 · √0.21875 + 0.84162 · √(0.09 + 0.1275))² / 0.05² = 685.6
    expect(sampleSizePerGroup(0.1, 0.05)).toBe(686)
    // Near 1 it looks 5 points down instead of past 100%.
    expect(sampleSizePerGroup(0.98, 0.05)).toBe(sampleSizePerGroup(0.93, 0.05))
    expect(sampleSizePerGroup(Number.NaN, 0.05)).toBeNull()
  })
})
