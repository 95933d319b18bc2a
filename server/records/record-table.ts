// One bucket's records as columns, a row per record in filing order: typed
// arrays for what every record has (state, storyline, times, sequence) and
// the text arena for ids, submitters and field values. A view is built when
// asked for. At a million records this is a sixth of what one object per
// record cost. Only a move changes a row, and only its state, the time it
// entered it and its sequence: fields and submitter stay as filed.
import { createIdSlots } from './id-slots'
import { createTextArena } from './text-arena'
import { createTimeColumn } from './time-column'
import type { FieldValues, RecordView } from './types'

export interface RecordTable {
  readonly bucket: string
  /** Rows 0 to size() - 1, oldest filing first. */
  size(): number
  /** The row of record `id`, or -1. */
  rowOf(id: string): number
  /** Adds a filed record; its row. */
  add(view: RecordView): number
  /** A move of the record in `row`: what applyEvent changes of a view, and nothing else. */
  move(row: number, state: string, enteredAt: string, seq: number): void
  view(row: number): RecordView
  state(row: number): string
  storyline(row: number): string
  submitter(row: number): string
  fields(row: number): FieldValues
  /** The rows as they are now, unchanged by later moves: for a snapshot written meanwhile. */
  freeze(): FrozenRows
}

export interface FrozenRows {
  readonly size: number
  view(row: number): RecordView
}

const FIRST_ROWS = 1024

export function createRecordTable(bucket: string): RecordTable {
  const texts = createTextArena()
  // State and storyline names, each stored once: a row holds its number.
  const names: string[] = []
  const numbers = new Map<string, number>()
  const nameNumber = (name: string) => numbers.get(name) ?? (numbers.set(name, names.length), names.push(name) - 1)

  let rows = 0
  let idRef = new Float64Array(FIRST_ROWS)
  let submitterRef = new Float64Array(FIRST_ROWS)
  let fieldsRef = new Float64Array(FIRST_ROWS)
  let storyline = new Uint16Array(FIRST_ROWS)
  let stateOf = new Uint16Array(FIRST_ROWS)
  let seqOf = new Float64Array(FIRST_ROWS)
  const filedAt = createTimeColumn(FIRST_ROWS)
  const enteredAt = createTimeColumn(FIRST_ROWS)

  const slots = createIdSlots(
    (row) => texts.bytes(idRef[row] ?? 0),
    (row, id) => texts.bytes(idRef[row] ?? 0).equals(id),
  )

  const grow = () => {
    const more = <T extends Float64Array | Uint16Array>(column: T): T => {
      const bigger = new (column.constructor as new (length: number) => T)(column.length * 2)
      bigger.set(column)
      return bigger
    }
    idRef = more(idRef)
    submitterRef = more(submitterRef)
    fieldsRef = more(fieldsRef)
    storyline = more(storyline)
    stateOf = more(stateOf)
    seqOf = more(seqOf)
    filedAt.grow(idRef.length)
    enteredAt.grow(idRef.length)
  }

  const fieldsAt = (row: number) => JSON.parse(texts.read(fieldsRef[row] ?? 0)) as FieldValues
  const viewOf = (row: number, state: Uint16Array, seq: Float64Array, entered: (row: number) => string) => ({
    id: texts.read(idRef[row] ?? 0),
    bucket,
    storyline: names[storyline[row] ?? 0] ?? '',
    state: names[state[row] ?? 0] ?? '',
    fields: fieldsAt(row),
    submitter: texts.read(submitterRef[row] ?? 0),
    filedAt: filedAt.read(row),
    enteredAt: entered(row),
    seq: seq[row] ?? 0,
  })

  return {
    bucket,
    size: () => rows,
    rowOf: (id) => slots.find(Buffer.from(id)),
    add(view) {
      if (rows === idRef.length) grow()
      const row = rows++
      idRef[row] = texts.add(view.id)
      submitterRef[row] = texts.add(view.submitter)
      fieldsRef[row] = texts.add(JSON.stringify(view.fields))
      storyline[row] = nameNumber(view.storyline)
      stateOf[row] = nameNumber(view.state)
      seqOf[row] = view.seq
      filedAt.write(row, view.filedAt)
      enteredAt.write(row, view.enteredAt)
      slots.insert(texts.bytes(idRef[row]), row)
      return row
    },
    move(row, state, entered, seq) {
      stateOf[row] = nameNumber(state)
      seqOf[row] = seq
      enteredAt.write(row, entered)
    },
    view: (row) => viewOf(row, stateOf, seqOf, (at) => enteredAt.read(at)),
    state: (row) => names[stateOf[row] ?? 0] ?? '',
    storyline: (row) => names[storyline[row] ?? 0] ?? '',
    submitter: (row) => texts.read(submitterRef[row] ?? 0),
    fields: fieldsAt,
    freeze() {
      const size = rows
      const state = stateOf.slice(0, size)
      const seq = seqOf.slice(0, size)
      const entered = enteredAt.freeze(size)
      return { size, view: (row) => viewOf(row, state, seq, entered) }
    },
  }
}
