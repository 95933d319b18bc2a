// Record projections as unstorage over bus KV, mounted by the storage plugin.
// Readers wait for the mount itself: waiting for the bus only worked because
// the plugin's own wait on the bus happened to be answered first.
import type { Storage } from 'unstorage'

let mounted: Promise<Storage> | null = null

export function startRecordsStorage(mount: Promise<Storage>): Promise<Storage> {
  mounted = mount
  return mounted
}

export function useRecordsStorage(): Promise<Storage> {
  if (!mounted) throw new Error('[svc] [records] record storage was never mounted')
  return mounted
}
