// The chi-square distribution's upper tail, P(X ≥ x) with `df` degrees of
// freedom: the regularized upper incomplete gamma Q(df/2, x/2). Worked out
// here rather than taken from a statistics package, for the one function the
// report needs: a power series below a + 1, a continued fraction above it
// (where each converges quickly), on a log-gamma by the Lanczos sum.

const EPSILON = 1e-15
const MAX_TERMS = 1000
// Keeps the continued fraction's denominators off zero.
const TINY = 1e-300

// Lanczos coefficients for g = 7, n = 9 (the widely published set).
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
]

export function logGamma(x: number): number {
  // Reflection keeps the sum where it is accurate.
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x)
  const z = x - 1
  let sum = LANCZOS[0] ?? 1
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] ?? 0) / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum)
}

/** P(a, x) by its series: x^a e^-x / Γ(a+1) · Σ x^n / ((a+1)…(a+n)). */
function lowerBySeries(a: number, x: number): number {
  let term = 1 / a
  let sum = term
  for (let n = 1; n < MAX_TERMS; n++) {
    term *= x / (a + n)
    sum += term
    if (Math.abs(term) < Math.abs(sum) * EPSILON) break
  }
  return sum * Math.exp(-x + a * Math.log(x) - logGamma(a))
}

/** Q(a, x) by its continued fraction, evaluated with the modified Lentz method. */
function upperByFraction(a: number, x: number): number {
  let b = x + 1 - a
  let c = 1 / TINY
  let d = 1 / b
  let fraction = d
  for (let i = 1; i < MAX_TERMS; i++) {
    const an = -i * (i - a)
    b += 2
    d = an * d + b
    if (Math.abs(d) < TINY) d = TINY
    c = b + an / c
    if (Math.abs(c) < TINY) c = TINY
    d = 1 / d
    const step = d * c
    fraction *= step
    if (Math.abs(step - 1) < EPSILON) break
  }
  return Math.exp(-x + a * Math.log(x) - logGamma(a)) * fraction
}

/** Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0. */
export function regularizedUpperGamma(a: number, x: number): number {
  if (x <= 0) return 1
  const q = x < a + 1 ? 1 - lowerBySeries(a, x) : upperByFraction(a, x)
  return Math.min(1, Math.max(0, q))
}

/** P(X ≥ statistic) for a chi-square variable with `df` degrees of freedom. */
export function chiSquareSurvival(statistic: number, df: number): number {
  return regularizedUpperGamma(df / 2, statistic / 2)
}
