// The process-wide object store for uploads, or null when uploads fail closed.
import type { Readable } from 'node:stream'
import type { ObjectStore } from '../files/object-store'

let store: ObjectStore | null = null

export function setStore(value: ObjectStore | null): void {
  store = value
}

export function useStore(): ObjectStore | null {
  return store
}

/** A stored file's bytes, streamed; null when uploads are off or the store no longer has it. */
export async function openStoredFile(key: string): Promise<Readable | null> {
  return store === null ? null : ((await store.get(key))?.body ?? null)
}
