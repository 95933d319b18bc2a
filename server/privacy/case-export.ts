// One case as its person gets it in their export (GDPR articles 15 and 20):
// what they filed, where it stands and its timeline as their case page tells
// it, in plain JSON a program can read. The service's own notes and staff's
// notes on moves are staff's, as on the case page; the files are named by
// where they are in the zip, never by the store's key.
import type { Bucket } from '../content/model'
import { textAt } from '../content/storyline'
import { readStoredFile, type StoredFile } from '../files/stored-file'
import { referenceOf } from '../records/reference'
import { isErased, type HistoryEntry, type RecordView } from '../records/types'

export interface ExportCase {
  readonly bucket: Bucket
  readonly record: RecordView
  readonly history: readonly HistoryEntry[]
}

/** A file of the case and where the zip keeps it. */
export interface ExportFile {
  readonly path: string
  readonly file: StoredFile
}

export interface CaseJson {
  readonly reference: string
  readonly bucket: string
  readonly state: string
  readonly storyline: string
  readonly filed: string
  readonly lastMoved: string
  /** null: erased (issue 29). */
  readonly fields: Record<string, string | null | { file: string; name: string; size: number; type: string }>
  readonly timeline: readonly TimelineJson[]
}

type TimelineJson =
  | { readonly time: string; readonly event: 'filed' | 'claimed'; readonly state: string }
  | {
      readonly time: string
      readonly event: 'moved'
      readonly from: string
      readonly state: string
      readonly how: 'desk' | 'self' | 'timed'
    }
  | { readonly time: string; readonly event: 'message' | 'reply'; readonly text: string | null }
  | { readonly time: string; readonly event: 'erased' }

export function caseJson(
  { bucket, record, history }: ExportCase,
  story: number,
): { json: CaseJson; files: ExportFile[] } {
  const reference = referenceOf(record.filedSeq)
  const label = (state: string) => {
    const found = bucket.states.find((s) => s.name === state)
    return found === undefined ? state : textAt(found.label, story) || found.name
  }
  const files: ExportFile[] = []
  const fields: CaseJson['fields'] = {}
  for (const field of bucket.fields) {
    const value = record.fields[field.name]
    if (value === undefined || value === '') continue
    if (isErased(value)) {
      fields[field.name] = null
      continue
    }
    const file = field.type === 'file' ? readStoredFile(value) : null
    if (file === null) {
      fields[field.name] = value
      continue
    }
    const path = `files/${reference}/${field.name}-${file.name}`
    files.push({ path, file })
    fields[field.name] = { file: path, name: file.name, size: file.size, type: file.type }
  }
  const timeline = history.flatMap((entry): TimelineJson[] => {
    if (entry.type === 'filed' || entry.type === 'claimed')
      return [{ time: entry.time, event: entry.type, state: label(entry.to) }]
    if (entry.type === 'moved')
      return [
        { time: entry.time, event: 'moved', from: label(entry.from ?? ''), state: label(entry.to), how: how(entry) },
      ]
    if (entry.type === 'noted' && (entry.via === 'desk' || entry.via === 'mail'))
      return [
        {
          time: entry.time,
          event: entry.via === 'desk' ? 'message' : 'reply',
          text: isErased(entry.text) ? null : (entry.text ?? ''),
        },
      ]
    if (entry.type === 'erased') return [{ time: entry.time, event: 'erased' }]
    return []
  })
  const json: CaseJson = {
    reference,
    bucket: textAt(bucket.title, story) || bucket.name,
    state: label(record.state),
    storyline: record.storyline,
    filed: record.filedAt,
    lastMoved: record.enteredAt,
    fields,
    timeline,
  }
  return { json, files }
}

function how(entry: HistoryEntry): 'desk' | 'self' | 'timed' {
  return entry.via === 'self' || entry.via === 'timed' ? entry.via : 'desk'
}
