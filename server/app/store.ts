// The process-wide object store for uploads, or null when uploads fail closed.
import type { ObjectStore } from '../files/object-store'

let store: ObjectStore | null = null

export function setStore(value: ObjectStore | null): void {
  store = value
}

export function useStore(): ObjectStore | null {
  return store
}
