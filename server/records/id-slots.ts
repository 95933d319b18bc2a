// Finding a record's row by its id without a Map entry and a string per
// record: an open-addressing table of row numbers, keyed by a hash of the
// id's bytes (hashBytes) that the caller works out.

const EMPTY = 0
const MAX_LOAD = 0.75

export interface IdSlots {
  /** The first row whose id has `hash` and for which `isIt` holds, or -1. */
  find(hash: number, isIt: (row: number) => boolean): number
  /** Records that `row` holds an id with `hash` (not there yet). */
  insert(hash: number, row: number): void
}

/** `hashOf(row)` gives a stored row's hash again, for growing. */
export function createIdSlots(hashOf: (row: number) => number): IdSlots {
  // Row + 1 per slot, 0 for empty; the length is a power of two.
  let slots = new Int32Array(1024)
  let count = 0

  const place = (table: Int32Array, hash: number, row: number) => {
    const mask = table.length - 1
    let slot = hash & mask
    while (table[slot] !== EMPTY) slot = (slot + 1) & mask
    table[slot] = row + 1
  }

  return {
    find(hash, isIt) {
      const mask = slots.length - 1
      for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
        const held = slots[slot] ?? EMPTY
        if (held === EMPTY) return -1
        if (isIt(held - 1)) return held - 1
      }
    },
    insert(hash, row) {
      if ((count + 1) / slots.length > MAX_LOAD) {
        const bigger = new Int32Array(slots.length * 2)
        for (const held of slots) if (held !== EMPTY) place(bigger, hashOf(held - 1), held - 1)
        slots = bigger
      }
      place(slots, hash, row)
      count++
    },
  }
}

/** FNV-1a, 32 bits, of `bytes[start, end)`: ids are short and already random, so it spreads them well. */
export function hashBytes(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let h = 0x811c9dc5
  for (let i = start; i < end; i++) h = Math.imul(h ^ (bytes[i] ?? 0), 0x01000193)
  return h >>> 0
}
