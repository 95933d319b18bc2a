// The record index written out, so an instance can start from it and the
// events after it instead of the whole stream: gzip'd, a header line, then
// each bucket's table as it is kept (record-table.ts): its columns' bytes
// and its text blocks, read back straight into arrays. gzip's CRC catches a
// corrupt body, the header a snapshot of another format; INDEX_VERSION
// changes whenever what a table holds or means does.
import { once } from 'node:events'
import { endianness } from 'node:os'
import { Readable } from 'node:stream'
import { createGunzip, createGzip } from 'node:zlib'
import { z } from 'zod'
import { createByteReader } from './byte-reader'
import type { ByteReader } from './byte-reader'
import { allocateColumns, FLOAT_COLUMNS, NAME_COLUMNS } from './table-image'
import type { Columns, TableImage } from './table-image'

export const INDEX_VERSION = 5

// The header names every table's size and its unusual times: a few MB at most.
const MAX_HEADER_BYTES = 64 << 20
// Room to file into before a restored table first grows.
const HEADROOM_ROWS = 1024

const spelledSchema = z.array(z.tuple([z.number().int().nonnegative(), z.string()]))

const versionSchema = z.object({ format: z.literal('svc-record-index'), version: z.number() })

const headerSchema = versionSchema.extend({
  /** The stream sequence of the last event the snapshot includes. */
  seq: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
  endianness: z.enum(['LE', 'BE']),
  tables: z.array(
    z.object({
      bucket: z.string(),
      rows: z.number().int().nonnegative(),
      names: z.array(z.string()).max(1 << 16),
      slots: z.array(z.number().int().nonnegative()),
      spelled: z.object({ filedAt: spelledSchema, enteredAt: spelledSchema }),
      texts: z.array(z.number().int().nonnegative()),
    }),
  ),
})
type Header = z.infer<typeof headerSchema>

export class SnapshotProblem extends Error {
  override readonly name = 'SnapshotProblem'
}

/**
 * The snapshot's bytes. Compressed as it is made, a column at a time; other
 * work runs between columns, so writing never stalls the instance for long.
 */
export async function serializeIndex(seq: number, tables: readonly TableImage[]): Promise<Uint8Array> {
  // Level 1: most of the size for a fraction of the writer's time.
  const zip = createGzip({ level: 1 })
  const parts: Buffer[] = []
  zip.on('data', (part: Buffer) => parts.push(part))
  const ended = once(zip, 'end')
  const write = async (bytes: Uint8Array) => {
    if (!zip.write(bytes)) await once(zip, 'drain')
  }
  const header: Header = {
    format: 'svc-record-index',
    version: INDEX_VERSION,
    seq,
    records: tables.reduce((sum, table) => sum + table.rows, 0),
    endianness: endianness(),
    tables: tables.map(({ bucket, rows, names, slots, spelled, texts }) => ({
      bucket,
      rows,
      names: [...names],
      slots: [...slots],
      spelled: { filedAt: [...spelled.filedAt], enteredAt: [...spelled.enteredAt] },
      texts: texts.map((block) => block.length),
    })),
  }
  await write(Buffer.from(`${JSON.stringify(header)}\n`))
  for (const { rows, columns, texts } of tables) {
    for (const name of [...FLOAT_COLUMNS, ...NAME_COLUMNS]) await write(bytesOf(columns[name].subarray(0, rows)))
    for (const block of texts) await write(block)
  }
  zip.end()
  await ended
  return Buffer.concat(parts)
}

/** The tables a snapshot holds and the sequence it covers; SnapshotProblem when it is not one this version wrote whole. */
export async function readIndexSnapshot(bytes: Uint8Array): Promise<{ seq: number; tables: TableImage[] }> {
  try {
    const reader = createByteReader(Readable.from([bytes]).pipe(createGunzip({ chunkSize: 1 << 20 })))
    const header = readHeader(await reader.line(MAX_HEADER_BYTES))
    const tables: TableImage[] = []
    for (const table of header.tables) tables.push(await readTable(reader, table))
    if (!(await reader.atEnd())) throw new SnapshotProblem('bytes after the last table')
    const records = tables.reduce((sum, table) => sum + table.rows, 0)
    if (records !== header.records)
      throw new SnapshotProblem(`holds ${records} records, its header says ${header.records}`)
    return { seq: header.seq, tables }
  } catch (error) {
    if (error instanceof SnapshotProblem) throw error
    throw new SnapshotProblem(`not a whole gzip stream: ${String(error)}`)
  }
}

/** The stream sequence a snapshot covers, from its header alone; null when it is not one this version reads. */
export async function readSnapshotSeq(bytes: Uint8Array): Promise<number | null> {
  try {
    const reader = createByteReader(Readable.from([bytes]).pipe(createGunzip({ chunkSize: 1 << 16 })))
    return readHeader(await reader.line(MAX_HEADER_BYTES)).seq
  } catch {
    return null
  }
}

async function readTable(reader: ByteReader, table: Header['tables'][number]): Promise<TableImage> {
  const { bucket, rows, names, slots } = table
  const columns: Columns = allocateColumns(rows + HEADROOM_ROWS)
  for (const name of [...FLOAT_COLUMNS, ...NAME_COLUMNS])
    if (!(await reader.fill(bytesOf(columns[name].subarray(0, rows))))) throw new SnapshotProblem('cut short')
  const texts: Buffer[] = []
  for (const length of table.texts) {
    const block = Buffer.allocUnsafeSlow(length)
    if (!(await reader.fill(block))) throw new SnapshotProblem('cut short')
    texts.push(block)
  }
  for (const name of NAME_COLUMNS)
    if (columns[name].subarray(0, rows).some((number) => number >= names.length))
      throw new SnapshotProblem(`a record of ${bucket} names a state or storyline the snapshot does not`)
  if (slots.some((number) => number >= names.length))
    throw new SnapshotProblem(`${bucket}'s reached states name a state the snapshot does not`)
  const spelled = { filedAt: new Map(table.spelled.filedAt), enteredAt: new Map(table.spelled.enteredAt) }
  return { bucket, rows, names, slots, columns, spelled, texts }
}

function readHeader(line: string | null): Header {
  if (line === null) throw new SnapshotProblem('no snapshot header')
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch {
    throw new SnapshotProblem('no snapshot header')
  }
  const version = versionSchema.safeParse(json)
  if (!version.success) throw new SnapshotProblem('no snapshot header')
  if (version.data.version !== INDEX_VERSION)
    throw new SnapshotProblem(`index version ${version.data.version}, this instance reads ${INDEX_VERSION}`)
  const header = headerSchema.safeParse(json)
  if (!header.success) throw new SnapshotProblem('no snapshot header')
  if (header.data.endianness !== endianness())
    throw new SnapshotProblem(`written on a ${header.data.endianness} machine, this one is ${endianness()}`)
  return header.data
}

const bytesOf = (column: Float64Array | Uint16Array) =>
  new Uint8Array(column.buffer, column.byteOffset, column.byteLength)
