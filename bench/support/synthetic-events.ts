// A stream's worth of valid record events for the demo site, made on the
// fly so a million of them never sit in memory at once. Every move follows
// an edge the demo declares from the state the record is in.
import type { StreamMessage } from '../../server/bus/types'
import { recordSubject } from '../../server/records/types'
import type { RecordEvent } from '../../server/records/types'

const STORYLINES = ['plain', 'story']
const KINDS = ['pothole', 'crack', 'drain', 'kerb', 'other']
const encoder = new TextEncoder()

interface Step {
  readonly edge: string
  readonly from: string
  readonly to: string
}

// Record n's bucket and the moves it takes after filing: roughly a third of
// the potholes accepted, some of those scheduled and fixed, a fifth rejected.
function planOf(n: number): { bucket: string; initial: string; steps: Step[] } {
  if (n % 10 === 9)
    return {
      bucket: 'districts',
      initial: 'active',
      steps: n % 30 === 9 ? [{ edge: 'retire', from: 'active', to: 'retired' }] : [],
    }
  if (n % 5 === 1)
    return { bucket: 'potholes', initial: 'new', steps: [{ edge: 'reject', from: 'new', to: 'rejected' }] }
  if (n % 3 !== 0) return { bucket: 'potholes', initial: 'new', steps: [] }
  const steps: Step[] = [{ edge: 'accept', from: 'new', to: 'accepted' }]
  if (n % 9 === 0) steps.push({ edge: 'schedule', from: 'accepted', to: 'scheduled' })
  if (n % 27 === 0) steps.push({ edge: 'fix', from: 'scheduled', to: 'fixed' })
  return { bucket: 'potholes', initial: 'new', steps }
}

/** How many events `records` records make. */
export function eventCount(records: number): number {
  let total = 0
  for (let n = 0; n < records; n++) total += 1 + planOf(n).steps.length
  return total
}

/**
 * The events of `records` records, as stream messages numbered from 1, all
 * at `time`: by default long ago, so an index checks none of their projections.
 */
export function* syntheticMessages(
  records: number,
  time = new Date('2020-01-01T08:00:00.000Z'),
): Generator<StreamMessage> {
  let seq = 0
  for (let n = 0; n < records; n++) {
    const { bucket, initial, steps } = planOf(n)
    const id = `r${n.toString(36).padStart(15, '0')}`
    const base = {
      v: 1,
      record: id,
      bucket,
      storyline: STORYLINES[n % 2] ?? 'plain',
      time: time.toISOString(),
    } as const
    const fields: Record<string, string> =
      bucket === 'potholes'
        ? { street: `Mill Lane ${n % 1000}`, kind: KINDS[n % KINDS.length] ?? 'other' }
        : { name: `District ${n}` }
    const filed: RecordEvent = {
      ...base,
      type: 'filed',
      actor: { kind: 'visitor', session: `s${n}` },
      to: initial,
      fields,
      submitter: `session:s${n}`,
    }
    yield message(bucket, id, ++seq, filed)
    for (const step of steps) {
      const moved: RecordEvent = {
        ...base,
        type: 'moved',
        actor: { kind: 'person', subject: 'desk' },
        from: step.from,
        to: step.to,
        edge: step.edge,
        via: 'desk',
      }
      yield message(bucket, id, ++seq, moved)
    }
  }
}

// Stored long ago, as a replay at start finds most events.
function message(bucket: string, id: string, seq: number, event: RecordEvent): StreamMessage {
  return { subject: recordSubject(bucket, id), seq, data: encoder.encode(JSON.stringify(event)), time: new Date(0) }
}
