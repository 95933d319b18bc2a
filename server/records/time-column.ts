// A column of event times. The service writes them as `toISOString()` does,
// so each is kept as its milliseconds and written out again on reading; a
// time in any other spelling (an event from elsewhere) is kept as it came,
// so a view reads back exactly what the event said.

export interface TimeColumn {
  write(row: number, time: string): void
  read(row: number): string
  grow(capacity: number): void
  /** Reads rows below `size` as they are now, whatever is written later. */
  freeze(size: number): (row: number) => string
}

export function createTimeColumn(capacity: number): TimeColumn {
  let ms = new Float64Array(capacity)
  // NaN in `ms` sends the reader here.
  const spelled = new Map<number, string>()
  // Most moves of a replay, and every filing, share one time with the
  // previous write: the last conversion is kept.
  let lastText = ''
  let lastMs = Number.NaN

  return {
    write(row, time) {
      if (time !== lastText) {
        const parsed = Date.parse(time)
        lastMs = Number.isFinite(parsed) && new Date(parsed).toISOString() === time ? parsed : Number.NaN
        lastText = time
      }
      ms[row] = lastMs
      if (Number.isNaN(lastMs)) spelled.set(row, time)
      else if (spelled.size > 0) spelled.delete(row)
    },
    read: (row) => timeAt(ms, spelled, row),
    grow(size) {
      const bigger = new Float64Array(size)
      bigger.set(ms)
      ms = bigger
    },
    freeze(size) {
      const copy = ms.slice(0, size)
      const odd = new Map([...spelled].filter(([row]) => row < size))
      return (row) => timeAt(copy, odd, row)
    },
  }
}

function timeAt(column: Float64Array, spelled: ReadonlyMap<number, string>, row: number): string {
  const value = column[row] ?? Number.NaN
  return Number.isNaN(value) ? (spelled.get(row) ?? '') : new Date(value).toISOString()
}
