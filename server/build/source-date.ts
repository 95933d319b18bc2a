// A release is reproducible only if nothing in it says when it was built.
// Nitro records each public file's mtime in the bundle (it becomes the
// Last-Modified header), so the build sets those to the commit's time.
import { execFileSync } from 'node:child_process'
import { readdirSync, utimesSync } from 'node:fs'
import { join } from 'node:path'

/** SOURCE_DATE_EPOCH when set (the reproducible-builds convention), else the last commit's time, else 0. */
export function sourceDate(rootDir: string, env: NodeJS.ProcessEnv = process.env): Date {
  const fixed = env.SOURCE_DATE_EPOCH?.trim()
  if (fixed && /^\d+$/.test(fixed)) return new Date(Number(fixed) * 1000)
  try {
    const seconds = execFileSync('git', ['log', '-1', '--format=%ct'], {
      cwd: rootDir,
      encoding: 'utf8',
      stdio: 'pipe',
    })
    if (/^\d+$/.test(seconds.trim())) return new Date(Number(seconds.trim()) * 1000)
  } catch {
    // Not a git checkout (an unpacked source archive): fall back to the epoch.
  }
  return new Date(0)
}

/** Every file under `dir` gets `date` as its mtime. */
export function setTimes(dir: string, date: Date): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), date, date)
  }
}
