// Where uploaded files are kept: one interface, two adapters that pass the
// same contract tests (test/files/store-contract.ts): S3 (s3-store.ts, any
// S3-compatible server) and a folder on disk for development (disk-store.ts).
// Keys are made by the service (upload-key.ts), never taken from a caller.
import type { Readable } from 'node:stream'

export interface StoredObject {
  readonly body: Readable
  readonly size: number
  readonly contentType: string
}

export interface ObjectEntry {
  readonly key: string
  readonly lastModified: Date
}

export interface ObjectStore {
  /** Streams `body` to `key`; resolves with the bytes stored. A failed body leaves nothing under the key. */
  put(key: string, body: Readable, contentType: string): Promise<number>
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<StoredObject | null>
  /** Deleting what is not there is not an error. */
  delete(key: string): Promise<void>
  /** Every key under `prefix`, with when it was stored. */
  list(prefix: string): AsyncIterable<ObjectEntry>
}

/** Store keys: `/`-separated parts of `[A-Za-z0-9._-]`, no empty or dot-only part. */
export function isStoreKey(key: string): boolean {
  return key.length <= 512 && key.split('/').every((part) => /^[A-Za-z0-9._-]+$/.test(part) && !/^\.+$/.test(part))
}
