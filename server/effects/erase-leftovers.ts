// What an erased record leaves outside the bus (issue 29): its uploaded files
// and their previews, which then answer the same 404 as any missing file, and
// the development outbox's copies of mail about it (`…-svc.<bucket>.<id>.<seq>@….eml`).
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { ObjectStore } from '../files/object-store'
import { referencedKeys } from '../files/referenced-keys'
import { removeKeys } from '../files/remove-keys'
import type { EraseLeftovers } from '../records/records-context'

export interface EraseLeftoversOptions {
  readonly store: () => ObjectStore | null
  /** The development outbox, when mail goes there. */
  readonly outbox?: string
}

export function createEraseLeftovers({ store, outbox }: EraseLeftoversOptions): EraseLeftovers {
  return async (bucket, before) => {
    await removeKeys(store(), [...referencedKeys(bucket, before)])
    if (outbox === undefined) return
    const mark = `-svc.${before.bucket}.${before.id}.`
    let names: string[]
    try {
      names = readdirSync(outbox)
    } catch {
      return
    }
    for (const name of names) if (name.includes(mark)) rmSync(join(outbox, name), { force: true })
  }
}
