// One bucket's records as columns, a row per record in filing order: typed
// arrays for what every record has (state, storyline, times, sequence) and
// the text arena for ids, submitters and field values. A view is built when
// asked for. At a million records this is a fraction of what one object per
// record cost, and a snapshot is these arrays written out as they are. Only
// a move changes a row, and only its state, the time it entered it and its
// sequence; fields stay as filed, and the submitter changes only when a case
// filed before signing in is claimed.
import { createIdSlots, hashBytes } from './id-slots'
import { allocateColumns, copyColumns, freezeColumns } from './table-image'
import type { Columns, TableImage } from './table-image'
import { createTextArena } from './text-arena'
import { createTimeParser, timeText } from './time-column'
import { erasedFields } from './erased-values'
import { ERASED_VALUE } from './types'
import type { FieldValues, RecordView } from './types'

/** What a row keeps as text besides its id. */
export interface Details {
  readonly submitter: string
  readonly fields: FieldValues
  readonly erasedAt?: string
}

export interface RecordTable {
  readonly bucket: string
  /** Rows 0 to size() - 1, oldest filing first. */
  size(): number
  /** The row of record `id`, or -1. */
  rowOf(id: string): number
  /** The row of the record filed at stream sequence `filedSeq` (its reference), or -1. */
  rowOfFiling(filedSeq: number): number
  /** Adds a filed record; its row. */
  add(view: RecordView): number
  /**
   * A move of the record in `row`: what applyEvent changes of a view, and its activity (`heard`: a self move);
   * true when it had never been in `state`.
   */
  move(row: number, state: string, enteredAt: string, seq: number, heard?: boolean): boolean
  /** A note on the record in `row`: its sequence and activity (`heard`: a reply by mail). */
  note(row: number, seq: number, time?: string, heard?: boolean): void
  /** A claim of the record in `row`: its submitter and sequence. */
  claim(row: number, submitter: string, seq: number): void
  /**
   * An erasure of the record in `row`: its submitter and the `names` fields read ERASED_VALUE, and no text of it
   * that any row no longer reads (its values, what a claim replaced) keeps its bytes. Its details before.
   */
  erase(row: number, names: readonly string[], erasedAt: string, seq: number): Details
  view(row: number): RecordView
  state(row: number): string
  /** When the record in `row` entered its state, in ms (NaN when its time cannot be read). */
  enteredMs(row: number): number
  /** When the record in `row` was last filed, moved or noted, in ms (its filing when that cannot be read). */
  activeMs(row: number): number
  /** The sequence of the last reply by mail or self move of the record in `row`; 0 for none. */
  heardSeq(row: number): number
  /** The stream sequence of the record's version in `row`, without building its view. */
  seq(row: number): number
  storyline(row: number): string
  submitter(row: number): string
  fields(row: number): FieldValues
  /** Names a row's state, storyline and field numbers stand for. */
  names(): readonly string[]
  /** The rows as they are now, unchanged by later filings and moves: for a snapshot written meanwhile. */
  image(): TableImage
}

const FIRST_ROWS = 1024
// A row's reached states are bits of a float64, exact up to 2^53. A bucket
// with more states than this counts each entry into the later ones, repeats included.
const REACHED_BITS = 52

/** An empty table, or one holding what `image` holds. */
export function createRecordTable(bucket: string, image?: TableImage): RecordTable {
  const texts = createTextArena(image?.texts)
  // State and storyline names, each stored once: a row holds its number.
  const names = [...(image?.names ?? [])]
  const numbers = new Map(names.map((name, number) => [name, number]))
  const nameNumber = (name: string) => numbers.get(name) ?? (numbers.set(name, names.length), names.push(name) - 1)
  // The states rows have entered, each given a bit of the `reached` column the first time one is.
  const stateSlots = [...(image?.slots ?? [])]
  const slotOf = new Map(stateSlots.map((number, slot) => [number, slot]))
  let rows = image?.rows ?? 0
  let columns: Columns = image === undefined ? allocateColumns(FIRST_ROWS) : image.columns
  const spelled = { filedAt: new Map(image?.spelled.filedAt), enteredAt: new Map(image?.spelled.enteredAt) }
  const timeMs = createTimeParser()
  const slots = createIdSlots((row) => texts.hash(columns.idRef[row] ?? 0))
  for (let row = 0; row < rows; row++) slots.insert(texts.hash(columns.idRef[row] ?? 0), row)

  const writeTime = (column: 'filedAt' | 'enteredAt', row: number, time: string) => {
    const ms = timeMs(time)
    columns[column][row] = ms
    if (Number.isNaN(ms)) spelled[column].set(row, time)
    else spelled[column].delete(row)
  }
  // A record's submitter and fields, one text: `[submitter, field number, value, …]`, the
  // field names kept once with the state names, so a million records do not repeat them;
  // an erased record's ends with the time of its erasure (an even count of parts).
  const detailsText = ({ submitter, fields, erasedAt }: Details) => {
    const parts: (string | number)[] = [submitter]
    for (const [name, value] of Object.entries(fields)) parts.push(nameNumber(name), value)
    if (erasedAt !== undefined) parts.push(erasedAt)
    return JSON.stringify(parts)
  }
  const detailsAt = (row: number): Details => {
    const parts = JSON.parse(texts.read(columns.detailsRef[row] ?? 0)) as (string | number)[]
    const fields: FieldValues = {}
    for (let i = 1; i + 1 < parts.length; i += 2) fields[names[Number(parts[i])] ?? ''] = String(parts[i + 1])
    const erasedAt = parts.length % 2 === 0 ? { erasedAt: String(parts.at(-1)) } : {}
    return { submitter: String(parts[0]), fields, ...erasedAt }
  }
  // A text left for no row, overwritten so it still reads as details (a snapshot being written may hold its
  // reference; it is written again once the erasure is applied: index-snapshot-writer.ts).
  const scrubUnread = () => {
    const read = new Set<number>()
    for (let row = 0; row < rows; row++) read.add(columns.idRef[row] ?? 0).add(columns.detailsRef[row] ?? 0)
    for (const ref of texts.refs()) if (!read.has(ref)) texts.scrub(ref, '[""]')
  }
  // Arithmetic, not bitwise operators: those work on 32 bits.
  const reach = (row: number, state: string): boolean => {
    const number = nameNumber(state)
    const slot = slotOf.get(number) ?? (slotOf.set(number, stateSlots.length), stateSlots.push(number) - 1)
    if (slot >= REACHED_BITS) return true
    const bit = 2 ** slot
    const mask = columns.reached[row] ?? 0
    if (Math.floor(mask / bit) % 2 === 1) return false
    columns.reached[row] = mask + bit
    return true
  }
  // An unreadable time leaves the activity as it was; events come in order, so a later one is never older.
  const active = (row: number, time: string, seq: number, heard: boolean) => {
    const ms = timeMs(time)
    if (!Number.isNaN(ms)) columns.activeAt[row] = ms
    if (heard) columns.heardSeq[row] = seq
  }
  const nameAt = (column: 'state' | 'storyline', row: number) => names[columns[column][row] ?? 0] ?? ''

  return {
    bucket,
    size: () => rows,
    rowOf(id) {
      const bytes = Buffer.from(id)
      return slots.find(hashBytes(bytes), (row) => texts.equals(columns.idRef[row] ?? 0, bytes))
    },
    // Rows are in filing order, so their filing sequences only grow.
    rowOfFiling(filedSeq) {
      let [low, high] = [0, rows - 1]
      while (low <= high) {
        const middle = (low + high) >>> 1
        const at = columns.filedSeq[middle] ?? 0
        if (at === filedSeq) return middle
        if (at < filedSeq) low = middle + 1
        else high = middle - 1
      }
      return -1
    },
    add(view) {
      if (rows === columns.seq.length) columns = copyColumns(columns, rows, Math.max(FIRST_ROWS, rows * 2))
      const row = rows++
      columns.idRef[row] = texts.add(view.id)
      columns.detailsRef[row] = texts.add(detailsText(view))
      columns.storyline[row] = nameNumber(view.storyline)
      columns.state[row] = nameNumber(view.state)
      columns.seq[row] = view.seq
      columns.filedSeq[row] = view.filedSeq
      writeTime('filedAt', row, view.filedAt)
      writeTime('enteredAt', row, view.enteredAt)
      columns.reached[row] = 0
      columns.activeAt[row] = Math.max(timeMs(view.filedAt), timeMs(view.enteredAt))
      columns.heardSeq[row] = 0
      reach(row, view.state)
      slots.insert(texts.hash(columns.idRef[row]), row)
      return row
    },
    move(row, state, enteredAt, seq, heard = false) {
      columns.state[row] = nameNumber(state)
      columns.seq[row] = seq
      writeTime('enteredAt', row, enteredAt)
      active(row, enteredAt, seq, heard)
      return reach(row, state)
    },
    note(row, seq, time, heard = false) {
      columns.seq[row] = seq
      if (time !== undefined) active(row, time, seq, heard)
    },
    claim(row, submitter, seq) {
      columns.detailsRef[row] = texts.add(detailsText({ ...detailsAt(row), submitter }))
      columns.seq[row] = seq
    },
    erase(row, erased, erasedAt, seq) {
      const before = detailsAt(row)
      const after = { submitter: ERASED_VALUE, fields: erasedFields(before.fields, erased), erasedAt }
      columns.detailsRef[row] = texts.add(detailsText(after))
      columns.seq[row] = seq
      scrubUnread()
      return before
    },
    view: (row) => ({
      id: texts.read(columns.idRef[row] ?? 0),
      bucket,
      storyline: nameAt('storyline', row),
      state: nameAt('state', row),
      ...detailsAt(row),
      filedAt: timeText(columns.filedAt[row] ?? Number.NaN, spelled.filedAt, row),
      enteredAt: timeText(columns.enteredAt[row] ?? Number.NaN, spelled.enteredAt, row),
      filedSeq: columns.filedSeq[row] ?? 0,
      seq: columns.seq[row] ?? 0,
    }),
    state: (row) => nameAt('state', row),
    enteredMs(row) {
      const ms = columns.enteredAt[row] ?? Number.NaN
      return Number.isNaN(ms) ? Date.parse(spelled.enteredAt.get(row) ?? '') : ms
    },
    activeMs(row) {
      const ms = columns.activeAt[row] ?? Number.NaN
      return Number.isNaN(ms) ? Date.parse(timeText(columns.filedAt[row] ?? Number.NaN, spelled.filedAt, row)) : ms
    },
    heardSeq: (row) => columns.heardSeq[row] ?? 0,
    seq: (row) => columns.seq[row] ?? 0,
    storyline: (row) => nameAt('storyline', row),
    submitter: (row) => detailsAt(row).submitter,
    fields: (row) => detailsAt(row).fields,
    names: () => names,
    image: () => ({
      bucket,
      rows,
      names: [...names],
      slots: [...stateSlots],
      // Texts are only ever appended, so the image shares them.
      columns: freezeColumns(columns, rows),
      spelled: { filedAt: new Map(spelled.filedAt), enteredAt: new Map(spelled.enteredAt) },
      texts: texts.image(),
    }),
  }
}
