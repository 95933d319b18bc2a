// A record table's contents as plain arrays and bytes: what a snapshot
// writes and what a table restored from one starts with.

/**
 * Per row: text arena references (id; submitter and fields), the sequences (last event, filing), the times (ms,
 * NaN when kept as written) and the states it has ever entered (bit i for the table's `slots[i]`); the time of its
 * last filing, move or note (ms, NaN when unreadable) and the sequence of its last word from outside (a reply by
 * mail or a self move; 0 for none), which desks show as activity and unread.
 */
export const FLOAT_COLUMNS = [
  'idRef',
  'detailsRef',
  'seq',
  'filedSeq',
  'filedAt',
  'enteredAt',
  'reached',
  'activeAt',
  'heardSeq',
] as const
/** Per row: the number of a state or storyline name. */
export const NAME_COLUMNS = ['storyline', 'state'] as const

export type Columns = Record<(typeof FLOAT_COLUMNS)[number], Float64Array> &
  Record<(typeof NAME_COLUMNS)[number], Uint16Array>

/** Times not in `toISOString()` spelling, by row, as the event wrote them. */
export interface Spelled {
  readonly filedAt: Map<number, string>
  readonly enteredAt: Map<number, string>
}

export interface TableImage {
  readonly bucket: string
  readonly rows: number
  readonly names: readonly string[]
  /** The name numbers of the states a row's `reached` bits stand for, in bit order. */
  readonly slots: readonly number[]
  /** Each at least `rows` long. */
  readonly columns: Columns
  readonly spelled: Spelled
  /** The text arena's blocks, the last cut where it was filled up to. */
  readonly texts: readonly Buffer[]
}

export function allocateColumns(capacity: number): Columns {
  const floats = () => new Float64Array(capacity)
  const names = () => new Uint16Array(capacity)
  return {
    idRef: floats(),
    detailsRef: floats(),
    seq: floats(),
    filedSeq: floats(),
    filedAt: floats(),
    enteredAt: floats(),
    reached: floats(),
    activeAt: floats(),
    heardSeq: floats(),
    storyline: names(),
    state: names(),
  }
}

/**
 * The first `rows` of `columns` as they are now, for an image: what a move,
 * note or claim changes (state, reached, seq, enteredAt, details, activity) is copied; the rest a row never
 * changes once filed, and later filings write past `rows` or into new arrays,
 * so those are shared, not copied.
 */
export function freezeColumns(columns: Columns, rows: number): Columns {
  const shared = <T extends Float64Array | Uint16Array>(column: T) => column.subarray(0, rows) as T
  const copied = <T extends Float64Array | Uint16Array>(column: T) => column.slice(0, rows) as T
  return {
    idRef: shared(columns.idRef),
    filedSeq: shared(columns.filedSeq),
    filedAt: shared(columns.filedAt),
    storyline: shared(columns.storyline),
    seq: copied(columns.seq),
    // A claim at sign-in gives a row another submitter.
    detailsRef: copied(columns.detailsRef),
    enteredAt: copied(columns.enteredAt),
    state: copied(columns.state),
    reached: copied(columns.reached),
    activeAt: copied(columns.activeAt),
    heardSeq: copied(columns.heardSeq),
  }
}

/** Columns `capacity` long holding the first `rows` of `columns`. */
export function copyColumns(columns: Columns, rows: number, capacity: number): Columns {
  const copy = allocateColumns(capacity)
  for (const name of FLOAT_COLUMNS) copy[name].set(columns[name].subarray(0, rows))
  for (const name of NAME_COLUMNS) copy[name].set(columns[name].subarray(0, rows))
  return copy
}
