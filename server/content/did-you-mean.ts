// Suggestions for authors who make typos: the closest known name, if close enough.

export function didYouMean(word: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestScore = Infinity
  for (const c of candidates) {
    const d = distance(word.toLowerCase(), c.toLowerCase())
    if (d < bestScore) {
      best = c
      bestScore = d
    }
  }
  const allowed = Math.max(1, Math.floor(word.length / 3))
  return best !== null && bestScore <= allowed ? best : null
}

export function suggestion(word: string, candidates: Iterable<string>): string {
  const s = didYouMean(word, candidates)
  return s ? `; did you mean "${s}"?` : ''
}

// Edit distance where swapping two neighbouring letters (titel, lable) is one
// typo, not two (optimal string alignment).
function distance(a: string, b: string): number {
  let before: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      row[j] = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] ?? 0, (before[j - 2] ?? 0) + 1)
    }
    before = prev
    prev = row
  }
  return prev[b.length] ?? 0
}
