// Reading /metrics as Prometheus would: each sample line by its series
// (name and labels as written), and the listener's address from the log.

/** Each sample of a text-format scrape, keyed `name{labels}` exactly as printed. */
export function samplesOf(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const space = line.lastIndexOf(' ')
    samples.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return samples
}

export async function scrape(url: string): Promise<Map<string, number>> {
  const response = await fetch(url)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return samplesOf(await response.text())
}

/** The /metrics URL a unit logged ("metrics are served"), once it has. */
export function metricsUrlIn(output: string): string | null {
  return /"message":"metrics are served","url":"([^"]+)"/.exec(output)?.[1] ?? null
}

/** A sample's value, 0 when the series has none yet. */
export const valueOf = (samples: Map<string, number>, series: string): number => samples.get(series) ?? 0

/** The metric names a scrape declares (its # TYPE lines). */
export function metricNamesOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1] ?? ''))
}
