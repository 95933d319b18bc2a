// The export's zip, checked by Info-ZIP's own unzip: every entry's CRC, name
// and bytes as written, an entry streamed in many chunks, and an empty zip.
import { execFileSync, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { zipStream, type ZipEntry } from '../../server/privacy/zip-stream'

async function written(entries: ZipEntry[]): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of zipStream(entries)) chunks.push(chunk)
  const path = join(mkdtempSync(join(tmpdir(), 'zip-')), 'export.zip')
  writeFileSync(path, Buffer.concat(chunks))
  return path
}

async function* inChunks(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
}

describe('the export zip', () => {
  it('holds each entry by name with its bytes, and every CRC checks out', async () => {
    const photo = randomBytes(300_000)
    const path = await written([
      { name: 'cases.json', modified: new Date('2026-11-29T10:20:30Z'), body: Buffer.from('{"cases":[]}') },
      { name: 'files/AB12/photo – Ærø.jpg', modified: new Date('2026-11-29T10:20:30Z'), body: inChunks(photo, 7001) },
      { name: 'README.txt', modified: new Date('2026-11-29T10:20:30Z'), body: Buffer.from('Les meg\n') },
    ])
    expect(execFileSync('unzip', ['-t', path]).toString()).toMatch(/No errors detected/)
    expect(execFileSync('unzip', ['-p', path, 'cases.json']).toString()).toBe('{"cases":[]}')
    expect(execFileSync('unzip', ['-p', path, 'files/AB12/photo*']).equals(photo)).toBe(true)
    // Flagged UTF-8, so the name reads the same on every system.
    expect(readFileSync(path).includes(Buffer.from('files/AB12/photo – Ærø.jpg'))).toBe(true)
    const listing = execFileSync('unzip', ['-l', path]).toString()
    expect(listing).toContain('2026-11-29 10:20')
    expect(listing).toMatch(/300000\s+2026-11-29/)
  })

  it('with no entries is an empty but valid zip', async () => {
    const path = await written([])
    // unzip says so (exit 1) rather than "cannot find zipfile directory" (exit 9) for a broken one.
    const checked = spawnSync('unzip', ['-l', path])
    expect(`${checked.stdout.toString()}${checked.stderr.toString()}`).toMatch(/zipfile is empty/)
    expect(checked.status).toBe(1)
  })
})
