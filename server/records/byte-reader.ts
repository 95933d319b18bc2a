// Reading a stream of chunks as a line, then byte runs of known lengths
// straight into their arrays: a snapshot's columns land where they are kept
// without the whole text ever sitting in memory.

export interface ByteReader {
  /** Text up to the next newline, or null when the stream ends first. */
  line(maxBytes: number): Promise<string | null>
  /** Fills `target` whole; false when the stream ends first. */
  fill(target: Uint8Array): Promise<boolean>
  /** Whether nothing is left. */
  atEnd(): Promise<boolean>
}

export function createByteReader(chunks: AsyncIterable<Buffer>): ByteReader {
  const source = chunks[Symbol.asyncIterator]()
  let chunk: Buffer = Buffer.alloc(0)
  let at = 0
  const more = async () => {
    const next = await source.next()
    if (next.done === true) return false
    chunk = next.value
    at = 0
    return true
  }

  return {
    async line(maxBytes) {
      const parts: Buffer[] = []
      let length = 0
      for (;;) {
        const end = chunk.indexOf(10, at)
        const part = chunk.subarray(at, end === -1 ? chunk.length : end)
        parts.push(part)
        length += part.length
        if (length > maxBytes) return null
        if (end !== -1) {
          at = end + 1
          return Buffer.concat(parts).toString('utf8')
        }
        if (!(await more())) return null
      }
    },
    async fill(target) {
      let filled = 0
      while (filled < target.length) {
        if (at === chunk.length && !(await more())) return false
        const take = Math.min(target.length - filled, chunk.length - at)
        target.set(chunk.subarray(at, at + take), filled)
        filled += take
        at += take
      }
      return true
    },
    async atEnd() {
      while (at === chunk.length) if (!(await more())) return true
      return false
    },
  }
}
