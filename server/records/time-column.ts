// Event times in a table. The service writes them as `toISOString()` does,
// so each is kept as its milliseconds and written out again on reading; a
// time in any other spelling (an event from elsewhere) is kept as it came,
// so a view reads back exactly what the event said.

/** `time` in milliseconds, or NaN when it would not read back the same. */
export function createTimeParser(): (time: string) => number {
  // A replay's events often share the time of the one before: kept.
  let lastText = ''
  let lastMs = Number.NaN
  return (time) => {
    if (time !== lastText) {
      const parsed = Date.parse(time)
      lastMs = Number.isFinite(parsed) && new Date(parsed).toISOString() === time ? parsed : Number.NaN
      lastText = time
    }
    return lastMs
  }
}

export function timeText(ms: number, spelled: ReadonlyMap<number, string>, row: number): string {
  return Number.isNaN(ms) ? (spelled.get(row) ?? '') : new Date(ms).toISOString()
}
