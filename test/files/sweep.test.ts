// Issue 11: objects no record names (a crash between storing an upload and
// appending its filing) are removed after a day; a record's own files, fresh
// uploads and anything of a bucket the content does not declare are kept.
// Files kept for a refused form (issue 26 item 6) and never sent go the same way.
import { mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createDiskStore } from '../../server/files/disk-store'
import { storedFileValue } from '../../server/files/stored-file'
import { sweepUploads } from '../../server/files/sweep-uploads'
import { pendingKey } from '../../server/files/pending-upload'
import { recordUploadPrefix, uploadKey } from '../../server/files/upload-key'
import { createRecordIndex } from '../../server/records/record-index'
import { createRecords } from '../../server/records/records'
import { loadDemo } from '../support/demo-site'
import { testEffects } from '../records/record-effects'

const dir = mkdtempSync(join(tmpdir(), 'svc-sweep-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the upload sweep', () => {
  it('removes day-old objects no record names, and keeps the rest', async () => {
    const site = await loadDemo()
    const bus = await createLocalBus({ dataDir: join(dir, 'bus') })
    const index = createRecordIndex(bus, { repairDelayMs: 50 })
    await index.ready
    const id = 'NamedRecord00001'
    const records = createRecords({
      bus,
      site: () => site,
      index,
      newId: () => id,
      effects: testEffects(bus, index, 'http://localhost'),
    })
    const storeDir = join(dir, 'store')
    const store = createDiskStore(storeDir)
    const put = async (key: string, ageDays: number) => {
      await store.put(key, Readable.from(['bytes']), 'image/jpeg')
      const when = new Date(Date.now() - ageDays * 86_400_000)
      utimesSync(join(storeDir, ...key.split('/')), when, when)
    }

    const named = uploadKey(recordUploadPrefix('potholes', id), 'photo')
    await records.file({
      bucket: 'potholes',
      storyline: 'plain',
      fields: {
        street: 'Kept Street',
        kind: 'pothole',
        photo: storedFileValue({ key: named, name: 'a.jpg', size: 5, type: 'image/jpeg', preview: false }),
      },
      submitter: 'session:x',
      actor: { kind: 'visitor', session: 'x' },
    })
    await put(named, 3)
    const neverFiled = uploadKey(recordUploadPrefix('potholes', 'NeverFiledRec001'), 'photo')
    const notNamed = uploadKey(recordUploadPrefix('potholes', id), 'photo')
    const fresh = uploadKey(recordUploadPrefix('potholes', 'FreshUpload00001'), 'photo')
    const foreign = uploadKey(recordUploadPrefix('gone_bucket', 'GoneBucketRec001'), 'photo')
    // A field the content renamed (or retyped) keeps its files: they are not known to be named by nobody.
    const renamed = uploadKey(recordUploadPrefix('potholes', id), 'old_photo')
    await put(renamed, 4)
    await put(neverFiled, 2)
    await put(notNamed, 2)
    await put(fresh, 0.5)
    await put(foreign, 5)
    // Issue 26 item 6: a file kept for a refused form, with its note, goes with the rest once a day old.
    const keptFor = recordUploadPrefix('potholes', 'RefusedForm00001')
    const keptFile = uploadKey(keptFor, 'photo')
    await put(keptFile, 2)
    await put(pendingKey(keptFor, 'photo'), 2)
    const keptToday = recordUploadPrefix('potholes', 'RefusedForm00002')
    await put(pendingKey(keptToday, 'photo'), 0.2)

    await expect.poll(() => index.status()).toBe('current')
    const outcome = await sweepUploads({ store, site, index, now: new Date() })
    const left: string[] = []
    for await (const entry of store.list('uploads/')) left.push(entry.key)
    expect(left.sort()).toEqual([fresh, foreign, named, renamed, pendingKey(keptToday, 'photo')].sort())
    expect(outcome).toEqual({ removed: 4, kept: 5 })
    index.close()
    await bus.close()
  })
})
