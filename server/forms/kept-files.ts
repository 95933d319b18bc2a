// The file fields of a filing post, with what an earlier refused post of the
// same form kept (files/pending-upload.ts): a file chosen now replaces the
// kept one once it passes its own checks; none chosen, the kept one stands.
import type { Bucket } from '../content/model'
import { fileKeys, pendingKey, readPending, writePending } from '../files/pending-upload'
import type { ObjectStore } from '../files/object-store'
import { removeKeys } from '../files/remove-keys'
import type { StoredFile } from '../files/stored-file'
import type { FileOutcome } from './store-upload'

export interface KeptFiles {
  readonly store: ObjectStore
  readonly recordPrefix: string
  /** Each file field's outcome: the file chosen now, else the one kept from before. */
  readonly files: ReadonlyMap<string, FileOutcome>
  /** What earlier posts of this form kept, by field name. */
  readonly earlier: ReadonlyMap<string, StoredFile>
}

/** `look`: the form was drawn with kept files; any other post spares the store the reads. */
export async function withKeptFiles(
  store: ObjectStore,
  bucket: Bucket,
  recordPrefix: string,
  posted: ReadonlyMap<string, FileOutcome> | undefined,
  look: boolean,
): Promise<KeptFiles> {
  const earlier = look ? await readPending(store, bucket, recordPrefix) : new Map<string, StoredFile>()
  const files = new Map(posted ?? [])
  for (const [field, file] of earlier) if (!files.has(field)) files.set(field, { stored: file })
  return { store, recordPrefix, files, earlier }
}

function storedIn(outcome: FileOutcome | undefined): StoredFile | undefined {
  return outcome !== undefined && 'stored' in outcome ? outcome.stored : undefined
}

/**
 * After a refusal: every file that passed its checks is kept for the form's next post, a replaced one removed.
 * Gives the kept files' names by field and every key to leave in the store.
 */
export async function keepForNextPost(kept: KeptFiles): Promise<{ names: Record<string, string>; keys: Set<string> }> {
  const names: Record<string, string> = {}
  const keys = new Set<string>()
  const replaced: string[] = []
  const fields = new Set([...kept.files.keys(), ...kept.earlier.keys()])
  for (const field of fields) {
    const before = kept.earlier.get(field)
    const now = storedIn(kept.files.get(field))
    const file = now ?? before
    if (file === undefined) continue
    if (now !== undefined && before !== undefined && now.key !== before.key) replaced.push(...fileKeys(before))
    if (now !== undefined && now.key !== before?.key) await writePending(kept.store, kept.recordPrefix, field, now)
    names[field] = file.name
    for (const key of [...fileKeys(file), pendingKey(kept.recordPrefix, field)]) keys.add(key)
  }
  await removeKeys(kept.store, replaced)
  return { names, keys }
}

/** After the filing: the notes go, and so do kept files the record does not name (one chosen again replaced them). */
export async function dropPending(kept: KeptFiles, named: ReadonlySet<string>): Promise<void> {
  const leftOver = [...kept.earlier].flatMap(([field, file]) => [
    pendingKey(kept.recordPrefix, field),
    ...fileKeys(file).filter((key) => !named.has(key)),
  ])
  await removeKeys(kept.store, leftOver)
}
