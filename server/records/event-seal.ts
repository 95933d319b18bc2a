// An event's personal values (personal.ts) in and out of their sealed form:
// on the stream they are blank in the event and kept in `sealed`, readable
// only with the record's key; read back they are in place again, or
// ERASED_VALUE once the key is destroyed.
import { ACTOR_PARTS, isPersonalActor } from './personal'
import { openValues, sealValues, type RecordKey } from './seal'
import { ERASED_VALUE, recordSubject } from './types'
import type { RecordEvent } from './types'

type Loose = Record<string, unknown>

/** The names of `event`'s personal values; `personalFields` are the bucket's personal field names (filing). */
function personalNames(event: RecordEvent, personalFields: ReadonlySet<string>): string[] {
  const names: string[] = []
  if (event.type === 'filed') {
    for (const name of Object.keys(event.fields)) if (personalFields.has(name)) names.push(`fields.${name}`)
    names.push('submitter')
  }
  if (event.type === 'claimed') names.push('from', 'submitter')
  // Every note is about the submitter: staff's messages to them, their replies, a mail that did not reach them.
  if (event.type === 'noted') names.push('text')
  if (isPersonalActor(event)) {
    const actor = event.actor as Loose
    for (const part of ACTOR_PARTS) if (typeof actor[part] === 'string') names.push(`actor.${part}`)
  }
  return names
}

const valueAt = (event: Loose, name: string): string | undefined => {
  const dot = name.indexOf('.')
  const value = dot === -1 ? event[name] : (event[name.slice(0, dot)] as Loose | undefined)?.[name.slice(dot + 1)]
  return typeof value === 'string' ? value : undefined
}

/** `event` with `name` set to `value`, or removed where it may be absent (a field, an actor's name) when undefined. */
function withValue(event: Loose, name: string, value: string | undefined): Loose {
  const dot = name.indexOf('.')
  if (dot === -1) return { ...event, [name]: value ?? '' }
  const head = name.slice(0, dot)
  const inner: Loose = { ...(event[head] as Loose) }
  const part = name.slice(dot + 1)
  if (value === undefined && (head === 'fields' || part === 'name')) delete inner[part]
  else inner[part] = value ?? ''
  return { ...event, [head]: inner }
}

/**
 * The event as it goes on the stream: its personal values blank, sealed under `key`; withheld altogether when
 * the record's key is gone (`key` null: erased), so nothing personal about an erased record is ever stored.
 */
export function sealEvent(event: RecordEvent, key: RecordKey | null, personalFields: ReadonlySet<string>): RecordEvent {
  const names = personalNames(event, personalFields)
  if (names.length === 0) return event
  const values: Record<string, string> = {}
  let sealed: Loose = event
  for (const name of names) {
    const value = valueAt(event, name)
    if (value !== undefined) values[name] = value
    sealed = withValue(sealed, name, undefined)
  }
  const data = key === null ? '' : sealValues(key, recordSubject(event.bucket, event.record), values)
  return { ...(sealed as RecordEvent), sealed: { names, data } }
}

/**
 * The event as read: its sealed values in place, each ERASED_VALUE when `key` is null (destroyed) or does not open
 * them. `sealed` stays with its names only, so an erasure can tell which fields were personal at filing.
 */
export function openEvent(event: RecordEvent, key: RecordKey | null): RecordEvent {
  const { sealed } = event
  if (sealed === undefined) return event
  const context = recordSubject(event.bucket, event.record)
  const values = key === null || sealed.data === '' ? null : openValues(key, context, sealed.data)
  let opened: Loose = event
  for (const name of sealed.names) opened = withValue(opened, name, values?.[name] ?? ERASED_VALUE)
  return { ...(opened as RecordEvent), sealed: { names: sealed.names, data: '' } }
}

/** Whether the event has personal values to seal (a move by staff or the clock has none). */
export const hasPersonalValues = (event: RecordEvent, personalFields: ReadonlySet<string>): boolean =>
  personalNames(event, personalFields).length > 0

/** Whether the event keeps anything sealed: only those need the record's key to be read. */
export const isSealed = (event: RecordEvent): boolean => event.sealed !== undefined && event.sealed.data !== ''
