// Architecture checks over the source files: settings come from one module,
// and only start-up glue ends the process.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/server'

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs|js)$/.test(entry.name))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
}

const SOURCES = ['server', 'routes', 'utils', 'tasks'].flatMap(sourceFiles)

const filesContaining = (pattern: RegExp): string[] =>
  SOURCES.filter((file) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))).sort()

describe('Settings parsed once: no process.env outside the config module', () => {
  it('finds process.env only in server/config, the build and the two standalone CLIs', () => {
    const allowed = (file: string) =>
      file.startsWith('server/config/') ||
      file.startsWith('server/build/') ||
      file === 'server/lint/cli.ts' ||
      file === 'server/supervisor/cli.ts'
    const found = filesContaining(/process\.env/)
    expect(found.filter((file) => !allowed(file))).toEqual([])
    // The check looks where the reading really happens.
    expect(found).toContain('server/config/use-config.ts')
  })
})

describe('Start-up made explicit: process.exit only in the Nitro plugins and the mailer process entry', () => {
  it('finds process.exit( only in server/nitro/*-plugin.ts and server/mail/mailer-cli.ts', () => {
    const found = filesContaining(/process\.exit\(/)
    const allowed = (file: string) =>
      /^server\/nitro\/[a-z-]+-plugin\.ts$/.test(file) || file === 'server/mail/mailer-cli.ts'
    expect(found.filter((file) => !allowed(file))).toEqual([])
    expect(found).toContain('server/nitro/config-plugin.ts')
  })

  it('routes reach record storage only through an accessor that waits for its mount', () => {
    expect(filesContaining(/\buseStorage\(/).filter((file) => !file.startsWith('server/nitro/'))).toEqual([])
  })

  it('registers every plugin in server/nitro in nitro.config.ts, the config plugin first', () => {
    const config = readFileSync(join(ROOT, 'nitro.config.ts'), 'utf8')
    const registered = [...config.matchAll(/'\.\/(server\/nitro\/[a-z-]+-plugin\.ts)'/g)].map((m) => m[1])
    expect(registered[0]).toBe('server/nitro/config-plugin.ts')
    expect([...registered].sort()).toEqual(
      sourceFiles('server/nitro')
        .filter((file) => file.endsWith('-plugin.ts'))
        .sort(),
    )
  })
})
