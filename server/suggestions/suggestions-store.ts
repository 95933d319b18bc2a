// KV `svc_edit_suggestions` (made on first use, on either bus): one entry per
// suggestion, keyed `<person>-<form>` so one person's are found by prefix.
// The key comes from the person and the form's one-time token: the same form
// sent twice is one suggestion.
import { createHash } from 'node:crypto'
import { BusConflictError } from '../bus/errors'
import { compareAndSet } from '../bus/kv-compare-and-set'
import type { Bus, KvListedEntry } from '../bus/types'
import { memoUntilRejected } from '../memo-until-rejected'
import { readSuggestion, SUGGESTIONS_KV, type Suggestion } from './suggestion-record'

export interface Suggestions {
  /** The stored suggestion: this one, or the one this person's form made before. */
  keep(suggestion: Suggestion): Promise<{ readonly kept: Suggestion; readonly fresh: boolean }>
  get(id: string): Promise<Suggestion | null>
  /** Newest first. */
  all(): Promise<Suggestion[]>
  by(subject: string): Promise<Suggestion[]>
  /** Compare and set; `decide` answers null to leave it. */
  change(id: string, decide: (current: Suggestion | null) => Suggestion | null): Promise<Suggestion | null>
}

const digest = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length)
const personPart = (subject: string) => digest(`person|${subject}`, 16)

export function suggestionId(subject: string, token: string): string {
  return `${personPart(subject)}-${digest(`form|${subject}|${token}`, 24)}`
}

export function isSuggestionId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{16}-[0-9a-f]{24}$/.test(value)
}

export function createSuggestions(bus: Bus): Suggestions {
  const kv = memoUntilRejected(() => bus.kv(SUGGESTIONS_KV))
  const read = (entries: readonly KvListedEntry[]) =>
    entries
      .map((entry) => readSuggestion(entry.value))
      .filter((s): s is Suggestion => s !== null)
      .sort((a, b) => (a.sentAt < b.sentAt ? 1 : a.sentAt > b.sentAt ? -1 : 0))
  return {
    async keep(suggestion) {
      const store = await kv()
      try {
        await store.create(suggestion.id, suggestion)
        return { kept: suggestion, fresh: true }
      } catch (error) {
        if (!(error instanceof BusConflictError)) throw error
        const entry = await store.get(suggestion.id)
        const kept = entry === null ? null : readSuggestion(entry.value)
        if (kept === null) throw error
        return { kept, fresh: false }
      }
    },
    async get(id) {
      if (!isSuggestionId(id)) return null
      const entry = await (await kv()).get(id)
      return entry === null ? null : readSuggestion(entry.value)
    },
    async all() {
      const store = await kv()
      return read(await store.entries())
    },
    async by(subject) {
      const store = await kv()
      return read(await store.entries(`${personPart(subject)}-`))
    },
    async change(id, decide) {
      return compareAndSet(await kv(), id, readSuggestion, decide)
    },
  }
}
