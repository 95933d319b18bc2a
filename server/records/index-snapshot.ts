// The record index written out, so an instance can start from it and the
// events after it instead of the whole stream. gzip'd lines: a header, then
// records in chunks, each a JSON array of compact tuples in filing order.
// gzip's CRC catches a corrupt body, the header a snapshot of another
// format; INDEX_VERSION changes whenever what a view holds or means does.
import { once } from 'node:events'
import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { setImmediate } from 'node:timers/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { z } from 'zod'
import type { FrozenRows } from './record-table'
import type { FieldValues, RecordView } from './types'

export const INDEX_VERSION = 1

const RECORDS_PER_LINE = 5000

const headerSchema = z.object({
  format: z.literal('svc-record-index'),
  version: z.number(),
  /** The stream sequence of the last event the snapshot includes. */
  seq: z.number().int().nonnegative(),
  records: z.number().int().nonnegative(),
})

type Tuple = [string, string, string, string, string, string, string, number, FieldValues]

export class SnapshotProblem extends Error {
  override readonly name = 'SnapshotProblem'
}

/**
 * The snapshot's bytes. Compressed as it is made, so the writer holds the
 * gzip'd bytes and one chunk of text, not the whole text; other work runs
 * between chunks, so writing never stalls the instance for long.
 */
export async function serializeIndex(seq: number, tables: readonly FrozenRows[]): Promise<Uint8Array> {
  // Level 1: most of the size for a fraction of the writer's time.
  const zip = createGzip({ level: 1 })
  const parts: Buffer[] = []
  zip.on('data', (part: Buffer) => parts.push(part))
  const ended = once(zip, 'end')
  const records = tables.reduce((sum, table) => sum + table.size, 0)
  const header = { format: 'svc-record-index', version: INDEX_VERSION, seq, records }
  zip.write(`${JSON.stringify(header)}\n`)
  for (const table of tables) {
    for (let start = 0; start < table.size; start += RECORDS_PER_LINE) {
      const tuples: Tuple[] = []
      for (let row = start; row < Math.min(start + RECORDS_PER_LINE, table.size); row++) {
        const v = table.view(row)
        tuples.push([v.id, v.bucket, v.storyline, v.state, v.submitter, v.filedAt, v.enteredAt, v.seq, v.fields])
      }
      if (!zip.write(`${JSON.stringify(tuples)}\n`)) await once(zip, 'drain')
      else await setImmediate()
    }
  }
  zip.end()
  await ended
  return Buffer.concat(parts)
}

/**
 * Hands each stored view to `onView` and answers the sequence the snapshot
 * covers. Throws SnapshotProblem when it is not one this version wrote whole;
 * views already handed over must then be discarded.
 */
export async function readIndexSnapshot(bytes: Uint8Array, onView: (view: RecordView) => void): Promise<number> {
  const names = new Map<string, string>()
  // Many records share a bucket, storyline and state: one string each.
  const intern = (text: string) => names.get(text) ?? (names.set(text, text), text)
  const decoder = new StringDecoder('utf8')
  let header: z.infer<typeof headerSchema> | undefined
  // The current line's text so far: a line of records spans many chunks.
  let pending: string[] = []
  let records = 0
  const line = (text: string) => {
    if (header === undefined) return void (header = readHeader(text))
    for (const tuple of parseLine(text)) {
      onView(toView(tuple, intern))
      records++
    }
  }
  try {
    for await (const chunk of Readable.from([bytes]).pipe(createGunzip({ chunkSize: 1 << 20 }))) {
      let text = decoder.write(chunk as Buffer)
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n')) {
        pending.push(text.slice(0, end))
        line(pending.join(''))
        pending = []
        text = text.slice(end + 1)
      }
      if (text !== '') pending.push(text)
    }
  } catch (error) {
    if (error instanceof SnapshotProblem) throw error
    throw new SnapshotProblem(`not a whole gzip stream: ${String(error)}`)
  }
  if (header === undefined || pending.length > 0) throw new SnapshotProblem('cut short')
  if (records !== header.records)
    throw new SnapshotProblem(`holds ${records} records, its header says ${header.records}`)
  return header.seq
}

function readHeader(text: string): z.infer<typeof headerSchema> {
  const header = headerSchema.safeParse(parseJson(text))
  if (!header.success) throw new SnapshotProblem('no snapshot header')
  if (header.data.version !== INDEX_VERSION)
    throw new SnapshotProblem(`index version ${header.data.version}, this instance reads ${INDEX_VERSION}`)
  return header.data
}

function parseLine(text: string): unknown[] {
  const tuples = parseJson(text)
  if (!Array.isArray(tuples)) throw new SnapshotProblem('a line is not a list of records')
  return tuples
}

// A cheap shape check per record: zod over a million tuples would cost seconds.
function toView(tuple: unknown, intern: (text: string) => string): RecordView {
  if (!Array.isArray(tuple) || tuple.length !== 9) throw new SnapshotProblem('a record is not a 9-tuple')
  const [id, bucket, storyline, state, submitter, filedAt, enteredAt, seq, fields] = tuple as unknown[]
  if (
    typeof id !== 'string' ||
    typeof bucket !== 'string' ||
    typeof storyline !== 'string' ||
    typeof state !== 'string' ||
    typeof submitter !== 'string' ||
    typeof filedAt !== 'string' ||
    typeof enteredAt !== 'string' ||
    typeof seq !== 'number' ||
    typeof fields !== 'object' ||
    fields === null
  )
    throw new SnapshotProblem(`record ${String(id)} has the wrong shape`)
  return {
    id,
    bucket: intern(bucket),
    storyline: intern(storyline),
    state: intern(state),
    fields: fields as FieldValues,
    submitter,
    filedAt,
    enteredAt: enteredAt === filedAt ? filedAt : enteredAt,
    seq,
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new SnapshotProblem('a line is not JSON')
  }
}
