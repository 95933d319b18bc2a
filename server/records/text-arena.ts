// Texts kept as UTF-8 bytes in large shared blocks instead of as a string
// each: a million records' ids, submitters and field values cost their bytes
// plus a few, not a heap object apiece. Append-only, so a reference stays
// true for as long as the arena lives.

import { hashBytes } from './id-slots'

const BLOCK_BYTES = 1 << 20
const LENGTH_BYTES = 4

export interface TextArena {
  /** Stores `text`; its reference. */
  add(text: string): number
  read(ref: number): string
  /** Whether the text at `ref` is `bytes`. */
  equals(ref: number, bytes: Buffer): boolean
  /** hashBytes of the text at `ref`. */
  hash(ref: number): number
  /** Overwrites the text at `ref` in place with `filler` (no longer than it), padded with spaces. */
  scrub(ref: number, filler: string): void
  /** Every text's reference, in the order added. */
  refs(): Generator<number>
  /** The blocks as filled so far: what a later add writes is not in them. */
  image(): Buffer[]
}

/** An arena, empty or holding the blocks of an image. */
export function createTextArena(restored: readonly Buffer[] = []): TextArena {
  const blocks = [...restored]
  // A restored last block counts as full: the next text starts a new one.
  let current = blocks.at(-1) ?? Buffer.alloc(0)
  let used = current.length
  // How far each block but the current one was filled: past that is never-written memory.
  const filled = restored.map((block) => block.length)
  // A reference is block * BLOCK_BYTES + offset: a number, stored in a Float64Array by callers.
  const locate = (ref: number) => {
    const block = blocks[Math.floor(ref / BLOCK_BYTES)]
    if (block === undefined) throw new RangeError(`[svc] [records] no text at ${ref}`)
    const start = ref % BLOCK_BYTES
    return { block, start: start + LENGTH_BYTES, end: start + LENGTH_BYTES + block.readUInt32LE(start) }
  }

  return {
    add(text) {
      const length = Buffer.byteLength(text)
      const needed = length + LENGTH_BYTES
      if (used + needed > current.length) {
        // A text longer than a block gets a block of its own size.
        if (blocks.length > 0) filled[blocks.length - 1] = used
        current = Buffer.allocUnsafeSlow(Math.max(BLOCK_BYTES, needed))
        blocks.push(current)
        used = 0
      }
      const ref = (blocks.length - 1) * BLOCK_BYTES + used
      current.writeUInt32LE(length, used)
      current.write(text, used + LENGTH_BYTES, 'utf8')
      used += needed
      return ref
    },
    read(ref) {
      const { block, start, end } = locate(ref)
      return block.toString('utf8', start, end)
    },
    equals(ref, bytes) {
      const { block, start, end } = locate(ref)
      return end - start === bytes.length && block.compare(bytes, 0, bytes.length, start, end) === 0
    },
    hash(ref) {
      const { block, start, end } = locate(ref)
      return hashBytes(block, start, end)
    },
    // Erased values must not outlive their erasure in memory or in a snapshot (docs/privacy.md).
    scrub(ref, filler) {
      const { block, start, end } = locate(ref)
      block.fill(0x20, start, end)
      block.write(filler, start, end - start, 'utf8')
    },
    *refs() {
      for (let index = 0; index < blocks.length; index++) {
        const block = blocks[index]!
        const size = index === blocks.length - 1 ? used : (filled[index] ?? block.length)
        for (let start = 0; start + LENGTH_BYTES <= size; start += LENGTH_BYTES + block.readUInt32LE(start))
          yield index * BLOCK_BYTES + start
      }
    },
    // Blocks cut where they were filled: the rest of a block was never written and is not the arena's to keep.
    image: () =>
      blocks.length === 0
        ? []
        : [...blocks.slice(0, -1).map((block, index) => block.subarray(0, filled[index])), current.subarray(0, used)],
  }
}
