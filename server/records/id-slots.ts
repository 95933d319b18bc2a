// Finding a record's row by its id without a Map entry and a string per
// record: an open-addressing table of row numbers, hashed over the id's
// bytes as the text arena holds them.

const EMPTY = 0
const MAX_LOAD = 0.75

export interface IdSlots {
  /** The row holding `id`, or -1. */
  find(id: Buffer): number
  /** Records that `row` holds `id` (not there yet). */
  insert(id: Buffer, row: number): void
}

/** `idAt(row)` gives back the bytes a row's id was inserted with; `sameId` compares without copying. */
export function createIdSlots(idAt: (row: number) => Buffer, sameId: (row: number, id: Buffer) => boolean): IdSlots {
  // Row + 1 per slot, 0 for empty; the length is a power of two.
  let slots = new Int32Array(1024)
  let count = 0

  const place = (table: Int32Array, id: Buffer, row: number) => {
    const mask = table.length - 1
    let slot = hash(id) & mask
    while (table[slot] !== EMPTY) slot = (slot + 1) & mask
    table[slot] = row + 1
  }

  const grow = () => {
    const bigger = new Int32Array(slots.length * 2)
    for (const held of slots) if (held !== EMPTY) place(bigger, idAt(held - 1), held - 1)
    slots = bigger
  }

  return {
    find(id) {
      const mask = slots.length - 1
      for (let slot = hash(id) & mask; ; slot = (slot + 1) & mask) {
        const held = slots[slot] ?? EMPTY
        if (held === EMPTY) return -1
        if (sameId(held - 1, id)) return held - 1
      }
    },
    insert(id, row) {
      if ((count + 1) / slots.length > MAX_LOAD) grow()
      place(slots, id, row)
      count++
    },
  }
}

// FNV-1a, 32 bits: ids are short and already random, so it spreads them well.
function hash(bytes: Buffer): number {
  let h = 0x811c9dc5
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193)
  return h >>> 0
}
