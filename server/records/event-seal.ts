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

/**
 * A copy of `event` to write `names` into: the event and each object a dotted name reaches into are copied once, not
 * once per name (a filing has up to a dozen names, and the copies were a twentieth of its CPU).
 */
function writableCopy(event: Loose, names: readonly string[]): Loose {
  const copy: Loose = { ...event }
  for (const name of names) {
    const dot = name.indexOf('.')
    if (dot === -1) continue
    const head = name.slice(0, dot)
    if (copy[head] === event[head]) copy[head] = { ...(event[head] as Loose) }
  }
  return copy
}

/** Sets `name` in a writable copy to `value`, or removes it where it may be absent (a field, an actor's name). */
function setValue(copy: Loose, name: string, value: string | undefined): void {
  const dot = name.indexOf('.')
  if (dot === -1) {
    copy[name] = value ?? ''
    return
  }
  const head = name.slice(0, dot)
  const inner = copy[head] as Loose
  const part = name.slice(dot + 1)
  if (value === undefined && (head === 'fields' || part === 'name')) delete inner[part]
  else inner[part] = value ?? ''
}

/**
 * The event as it goes on the stream: its personal values blank, sealed under `key`; withheld altogether when
 * the record's key is gone (`key` null: erased), so nothing personal about an erased record is ever stored.
 */
export function sealEvent(event: RecordEvent, key: RecordKey | null, personalFields: ReadonlySet<string>): RecordEvent {
  const names = personalNames(event, personalFields)
  if (names.length === 0) return event
  const values: Record<string, string> = {}
  const sealed = writableCopy(event, names)
  for (const name of names) {
    const value = valueAt(event, name)
    if (value !== undefined) values[name] = value
    setValue(sealed, name, undefined)
  }
  sealed.sealed = {
    names,
    data: key === null ? '' : sealValues(key, recordSubject(event.bucket, event.record), values),
  }
  return sealed as RecordEvent
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
  const opened = writableCopy(event, sealed.names)
  for (const name of sealed.names) setValue(opened, name, values?.[name] ?? ERASED_VALUE)
  opened.sealed = { names: sealed.names, data: '' }
  return opened as RecordEvent
}

/** Whether the event has personal values to seal (a move by staff or the clock has none). */
export const hasPersonalValues = (event: RecordEvent, personalFields: ReadonlySet<string>): boolean =>
  personalNames(event, personalFields).length > 0

/** Whether the event keeps anything sealed: only those need the record's key to be read. */
export const isSealed = (event: RecordEvent): boolean => event.sealed !== undefined && event.sealed.data !== ''
