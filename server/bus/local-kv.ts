import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BusConflictError, logBusError } from './errors'
import { appendJsonLine, readJsonLines } from './json-lines'
import { toBytes } from './payload'
import { assertKey, assertName } from './subjects'
import type { BusKv, KvChange, KvListedEntry, KvOptions } from './types'

interface StoredEntry {
  rev: number
  key: string
  time: number
  // base64; absent for a delete
  value?: string
}

interface Slot {
  // null marks a delete, which keeps its revision like a NATS delete marker
  value: Uint8Array | null
  revision: number
  time: number
}

interface LocalBucket {
  name: string
  maxAgeMs: number
  slots: Map<string, Slot>
  lastRevision: number
  watchers: Set<(change: KvChange) => void>
}

export interface LocalKvStore {
  open(bucket: string, options?: KvOptions): BusKv
  close(): void
}

export function createLocalKvStore(dir: string, assertOpen: () => void): LocalKvStore {
  const buckets = new Map<string, LocalBucket>()

  function load(name: string, options: KvOptions): LocalBucket {
    const cached = buckets.get(name)
    if (cached !== undefined) return cached
    // Like a NATS bucket's max_age, the first opening decides it for good.
    const metaPath = join(dir, `${name}.kv.json`)
    if (!existsSync(metaPath)) writeFileSync(metaPath, JSON.stringify({ maxAgeMs: options.maxAgeMs ?? 0 }))
    const { maxAgeMs } = JSON.parse(readFileSync(metaPath, 'utf8')) as { maxAgeMs: number }
    const bucket: LocalBucket = { name, maxAgeMs, slots: new Map(), lastRevision: 0, watchers: new Set() }
    for (const stored of readJsonLines<StoredEntry>(join(dir, `${name}.kv.jsonl`))) {
      const value = stored.value === undefined ? null : new Uint8Array(Buffer.from(stored.value, 'base64'))
      bucket.slots.set(stored.key, { value, revision: stored.rev, time: stored.time })
      bucket.lastRevision = stored.rev
    }
    buckets.set(name, bucket)
    return bucket
  }

  return {
    open(name, options = {}) {
      assertOpen()
      assertName('bucket', name)
      const bucket = load(name, options)
      const logPath = join(dir, `${name}.kv.jsonl`)

      // Expiry is lazy: an entry past max_age is dropped when next looked at.
      function current(key: string): Slot | undefined {
        const slot = bucket.slots.get(key)
        if (slot === undefined || bucket.maxAgeMs <= 0 || Date.now() - slot.time < bucket.maxAgeMs) return slot
        bucket.slots.delete(key)
        return undefined
      }

      function write(key: string, value: Uint8Array | null): number {
        const slot: Slot = { value, revision: bucket.lastRevision + 1, time: Date.now() }
        const stored: StoredEntry = { rev: slot.revision, key, time: slot.time }
        if (value !== null) stored.value = Buffer.from(value).toString('base64')
        appendJsonLine(logPath, stored)
        bucket.lastRevision = slot.revision
        bucket.slots.set(key, slot)
        for (const watcher of bucket.watchers) {
          queueMicrotask(() => notify(bucket, watcher, { key, value: value?.slice() ?? null }))
        }
        return slot.revision
      }

      function checked(key: string): void {
        assertOpen()
        assertKey(key)
      }

      // The slots' own values: `entries` hands over copies, `keys` needs none.
      function listed(prefix: string): KvListedEntry[] {
        assertOpen()
        return [...bucket.slots.keys()].flatMap((key) => {
          const slot = key.startsWith(prefix) ? current(key) : undefined
          return slot?.value ? [{ key, value: slot.value, revision: slot.revision }] : []
        })
      }

      return {
        async get(key) {
          checked(key)
          const slot = current(key)
          return slot?.value ? { value: slot.value.slice(), revision: slot.revision } : null
        },
        async create(key, value) {
          checked(key)
          if (current(key)?.value) throw new BusConflictError(`${key} in ${name} already exists`)
          return write(key, toBytes(value))
        },
        async update(key, value, revision) {
          checked(key)
          if ((current(key)?.revision ?? 0) !== revision) {
            throw new BusConflictError(`${key} in ${name} is not at revision ${revision}`)
          }
          return write(key, toBytes(value))
        },
        async put(key, value) {
          checked(key)
          return write(key, toBytes(value))
        },
        async replace(key, value) {
          checked(key)
          const revision = write(key, toBytes(value))
          // The file keeps every write; the key's earlier ones go, the rest stay as they were.
          const kept = readJsonLines<StoredEntry>(logPath).filter((line) => line.key !== key || line.rev === revision)
          writeFileSync(`${logPath}.writing`, kept.map((line) => `${JSON.stringify(line)}\n`).join(''))
          renameSync(`${logPath}.writing`, logPath)
          return revision
        },
        async delete(key) {
          checked(key)
          write(key, null)
        },
        async keys(prefix = '') {
          return listed(prefix).map((entry) => entry.key)
        },
        async entries(prefix = '') {
          return listed(prefix).map((entry) => ({ ...entry, value: entry.value.slice() }))
        },
        async watch(onChange) {
          assertOpen()
          bucket.watchers.add(onChange)
          return () => bucket.watchers.delete(onChange)
        },
      }
    },

    close() {
      for (const bucket of buckets.values()) bucket.watchers.clear()
      buckets.clear()
    },
  }
}

function notify(bucket: LocalBucket, watcher: (change: KvChange) => void, change: KvChange): void {
  // a watcher removed after the change was queued no longer hears it
  if (!bucket.watchers.has(watcher)) return
  try {
    watcher(change)
  } catch (error) {
    logBusError(`watch handler on ${bucket.name} failed`, error)
  }
}
