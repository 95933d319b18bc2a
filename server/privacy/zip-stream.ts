// A zip written as it is read: each entry's bytes pass through once, stored
// as they are (photos are compressed already), its CRC and sizes in a data
// descriptor after it, the central directory at the end. Nothing waits in
// memory but one chunk and the directory's few bytes per entry, so an export
// of hundreds of photos costs the instance no more than one.
import { crc32 } from 'node:zlib'

export interface ZipEntry {
  /** A relative path with `/` separators. */
  readonly name: string
  readonly modified: Date
  readonly body: Uint8Array | AsyncIterable<Uint8Array>
}

// Without zip64 every size and offset fits 32 bits; the export refuses first (person-export.ts).
export const ZIP_LIMIT_BYTES = 0xffff_ffff
// Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8.
const FLAGS = 0x0808
const VERSION = 20

interface Written {
  readonly name: Buffer
  readonly time: number
  readonly date: number
  readonly crc: number
  readonly size: number
  readonly offset: number
}

export async function* zipStream(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const written: Written[] = []
  let offset = 0
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const { time, date } = dosTime(entry.modified)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(VERSION, 4)
    header.writeUInt16LE(FLAGS, 6)
    header.writeUInt16LE(0, 8)
    header.writeUInt16LE(time, 10)
    header.writeUInt16LE(date, 12)
    header.writeUInt16LE(name.length, 26)
    yield Buffer.concat([header, name])
    let crc = 0
    let size = 0
    for await (const chunk of entry.body instanceof Uint8Array ? [entry.body] : entry.body) {
      crc = crc32(chunk, crc)
      size += chunk.length
      yield chunk
    }
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc, 4)
    descriptor.writeUInt32LE(size, 8)
    descriptor.writeUInt32LE(size, 12)
    yield descriptor
    written.push({ name, time, date, crc, size, offset })
    offset += header.length + name.length + size + descriptor.length
  }
  const directory = Buffer.concat(written.map(centralHeader))
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(written.length, 8)
  end.writeUInt16LE(written.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield Buffer.concat([directory, end])
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46)
  header.writeUInt32LE(0x02014b50, 0)
  header.writeUInt16LE(VERSION, 4)
  header.writeUInt16LE(VERSION, 6)
  header.writeUInt16LE(FLAGS, 8)
  header.writeUInt16LE(entry.time, 12)
  header.writeUInt16LE(entry.date, 14)
  header.writeUInt32LE(entry.crc, 16)
  header.writeUInt32LE(entry.size, 20)
  header.writeUInt32LE(entry.size, 24)
  header.writeUInt16LE(entry.name.length, 28)
  header.writeUInt32LE(entry.offset, 42)
  return Buffer.concat([header, entry.name])
}

/** MS-DOS date and time, the zip's own, in UTC; two-second steps, 1980 at the earliest. */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getUTCFullYear(), 1980)
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  }
}
