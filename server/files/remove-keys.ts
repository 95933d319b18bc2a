// Removing what a post stored and will not keep. A key that cannot be removed
// now is left to the sweep (sweep-uploads.ts), which finds it named by no record.
import { log } from '../log'
import type { ObjectStore } from './object-store'

export async function removeKeys(store: ObjectStore | null, keys: readonly string[]): Promise<void> {
  if (store === null) return
  await Promise.all(
    keys.map((key) =>
      store.delete(key).catch((error: unknown) => {
        log('warn', 'files', '[svc] [files] an upload could not be removed; the sweep will', { reason: String(error) })
      }),
    ),
  )
}
