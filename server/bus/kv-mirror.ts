// A KV bucket mirrored into memory: every current entry, then every change,
// handed to `apply` (null for a deletion). The watch is set up first, so
// nothing written while the rest loads is missed; what the watch already
// reported is newer than what the load reads.
import type { BusKv } from './types'

export async function mirrorKv(kv: BusKv, apply: (key: string, value: Uint8Array | null) => void): Promise<void> {
  const touched = new Set<string>()
  await kv.watch(({ key, value }) => {
    touched.add(key)
    apply(key, value)
  })
  for (const { key, value } of await kv.entries()) {
    if (!touched.has(key)) apply(key, value)
  }
}
