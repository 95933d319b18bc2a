import { appendFileSync, existsSync, readFileSync, truncateSync } from 'node:fs'

// The local bus writes synchronously on purpose: a check (expected
// sequence, revision) and the write it guards then happen without another
// caller in between, with no lock. The lines are small and not fsynced.

export function appendJsonLine(path: string, value: unknown): void {
  appendFileSync(path, `${JSON.stringify(value)}\n`)
}

// A process killed mid-write leaves a torn last line. It was never
// acknowledged, so it is cut off before the next append lands behind it.
export function readJsonLines<T>(path: string): T[] {
  if (!existsSync(path)) return []
  const bytes = readFileSync(path)
  const end = bytes.lastIndexOf(0x0a) + 1
  if (end < bytes.length) truncateSync(path, end)
  return bytes
    .subarray(0, end)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T)
}
