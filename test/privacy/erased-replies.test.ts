// A reply address of mail about a case keeps the address it went to sealed
// under the case's key (mail/replies/reply-book.ts): the KV holds no address
// in plain, and once the case is erased its reply addresses take no replies.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createLocalBus } from '../../server/bus/local'
import { createReplyBook } from '../../server/mail/replies/reply-book'
import { useRecordKeys } from '../../server/records/record-keys'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('reply addresses of an erased case', () => {
  it('keep the address sealed, and refuse replies once the case is erased', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-erase-replies-'))
    dirs.push(dir)
    const bus = await createLocalBus({ dataDir: dir })
    const settings = { template: 'reply+{token}@replies.example.org', secret: Buffer.alloc(32, 7), days: 30 }
    const book = await createReplyBook(bus, settings)
    const handle = { bucket: 'potholes', record: 'abcdefghijklmnop', to: 'ann.marker@example.org', storyline: 'plain' }
    const address = await book.addressFor('potholes:abcdefghijklmnop:3', handle)
    expect(await book.open(address)).toEqual({ handle })
    const kept = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(join(entry.parentPath, entry.name)))
    for (const bytes of kept) {
      expect(bytes.toString('utf8')).not.toContain('ann.marker')
      for (const line of bytes.toString('utf8').split('\n').filter(Boolean)) {
        const { value } = JSON.parse(line) as { value?: string }
        if (value !== undefined) expect(Buffer.from(value, 'base64').toString('utf8')).not.toContain('ann.marker')
      }
    }

    await useRecordKeys(bus).destroy('potholes', 'abcdefghijklmnop', new Date())
    expect(await book.open(address)).toEqual({ refused: 'expired' })
    await bus.close()
  })
})
