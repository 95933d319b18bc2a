// Which cases a person has opened on a desk, and at which version: a case
// heard from since (a reply by mail, a self move) shows as unread on their
// desk list until they open it again. One KV entry per person and bucket, a
// map from case id to the stream sequence the case was at when they last
// opened it; the oldest marks give way past MAX_MARKS, which only makes a
// case that old read as unread again if it is heard from.
import { z } from 'zod'
import { compareAndSet } from '../bus/kv-compare-and-set'
import { encodeKvKey } from '../bus/kv-driver'
import { decodeJson } from '../bus/payload'
import type { BusKv } from '../bus/types'

/** KV bucket of the cases each person has opened, by `<subject>:<bucket>`. */
export const CASE_READS_KV = 'svc_case_reads'

const MAX_MARKS = 5000

const marksSchema = z.object({ seen: z.record(z.string(), z.number()) })
type Marks = z.infer<typeof marksSchema>

export interface ReadMarks {
  /** Case id to the sequence the person last opened it at. */
  readonly seen: ReadonlyMap<string, number>
  /** The entry's KV revision (0 for none): a page showing these marks is current while it is. */
  readonly revision: number
}

export interface CaseReads {
  marks(subject: string, bucket: string): Promise<ReadMarks>
  /** The person opened the case as it was at `seq`; a later sequence is never taken back. */
  open(subject: string, bucket: string, id: string, seq: number): Promise<void>
}

const keyOf = (subject: string, bucket: string) => encodeKvKey(`${subject}:${bucket}`)

function decode(bytes: Uint8Array): Marks | null {
  const parsed = marksSchema.safeParse(decodeJson(bytes))
  return parsed.success ? parsed.data : null
}

export function createCaseReads(kv: BusKv): CaseReads {
  return {
    async marks(subject, bucket) {
      const found = await kv.get(keyOf(subject, bucket))
      const seen = found === null ? null : decode(found.value)
      return { seen: new Map(Object.entries(seen?.seen ?? {})), revision: found?.revision ?? 0 }
    },
    async open(subject, bucket, id, seq) {
      await compareAndSet(kv, keyOf(subject, bucket), decode, (current) => {
        const seen = { ...current?.seen }
        if ((seen[id] ?? 0) >= seq) return null
        seen[id] = seq
        const ids = Object.keys(seen)
        if (ids.length <= MAX_MARKS) return { seen }
        const oldest = ids.sort((a, b) => (seen[a] ?? 0) - (seen[b] ?? 0)).slice(0, ids.length - MAX_MARKS)
        for (const gone of oldest) delete seen[gone]
        return { seen }
      })
    },
  }
}
