// not-a-file: a symlink, a submodule or anything else that is not a regular
// file or folder is never read, and the lint fails on it with its path.
import { execFileSync } from 'node:child_process'
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Diagnostic } from '../../server/content/diagnostics'
import { run, withRepo, type LintRun } from './repo'

const LINK =
  'error: this is a symbolic link, and the service reads only regular files and folders; commit the file itself instead'
const SUBMODULE =
  'error: this is a submodule, and the service reads only regular files and folders; commit its files instead'
const SPECIAL =
  'error: this is neither a regular file nor a folder, and the service reads only regular files and folders; remove it'

/** Lints the base repository after `plant` changed its folder, as text and as JSON. */
function lintAfter(plant: (dir: string) => void): Promise<LintRun & { rules: string[] }> {
  return withRepo({}, async (dir) => {
    plant(dir)
    const text = await run([dir])
    const json = JSON.parse((await run([dir, '--format', 'json'])).lines.join('\n')) as { diagnostics: Diagnostic[] }
    return { ...text, rules: json.diagnostics.map((d) => d.rule) }
  })
}

describe('not-a-file', () => {
  it(
    'content reads stay inside the snapshot: every symlink is an error at its path, whether it points outside, ' +
      'inside, or at a folder',
    async () => {
      const result = await lintAfter((dir) => {
        mkdirSync(join(dir, 'public'))
        symlinkSync('/etc/hostname', join(dir, 'public/host.svg'))
        symlinkSync('../../../../../../../../etc/hostname', join(dir, 'public/rel.svg'))
        symlinkSync('/etc', join(dir, 'public/dir'))
        symlinkSync('index.yaml', join(dir, 'pages/home.yaml'))
        symlinkSync('site.yaml', join(dir, 'README.md'))
      })
      expect(result.lines).toEqual([
        `README.md:1:1: ${LINK}`,
        `pages/home.yaml:1:1: ${LINK}`,
        `public/dir:1:1: ${LINK}`,
        `public/host.svg:1:1: ${LINK}`,
        `public/rel.svg:1:1: ${LINK}`,
      ])
      expect(result.rules).toEqual(Array(5).fill('not-a-file'))
      expect(result.errLines).toEqual(['svc-lint: 5 error(s), 0 warning(s)'])
      expect(result.code).toBe(1)
    },
  )

  it('a linked site.yaml is reported as a link, not also as missing', async () => {
    const result = await lintAfter((dir) => {
      renameSync(join(dir, 'site.yaml'), join(dir, 'real-site.yaml'))
      symlinkSync('real-site.yaml', join(dir, 'site.yaml'))
    })
    expect(result.lines.filter((l) => l.startsWith('site.yaml'))).toEqual([`site.yaml:1:1: ${LINK}`])
    expect(result.code).toBe(1)
  })

  it('a submodule is an error whether its checkout is filled or empty; a stale .gitmodules entry is not', async () => {
    const result = await lintAfter((dir) => {
      mkdirSync(join(dir, 'public/theme'), { recursive: true })
      writeFileSync(join(dir, 'public/theme/.git'), 'gitdir: ../../.git/modules/theme\n')
      writeFileSync(join(dir, 'public/theme/logo.svg'), '<svg/>')
      mkdirSync(join(dir, 'policy/shared'), { recursive: true })
      writeFileSync(
        join(dir, '.gitmodules'),
        '[submodule "theme"]\n\tpath = public/theme\n\turl = ../theme.git\n[submodule "shared"]\n\tpath = ' +
          '"policy/shared"\n\turl = ../shared.git\n[submodule "gone"]\n\tpath = public/gone\n',
      )
    })
    expect(result.lines).toEqual([`policy/shared:1:1: ${SUBMODULE}`, `public/theme:1:1: ${SUBMODULE}`])
    expect(result.rules).toEqual(['not-a-file', 'not-a-file'])
    expect(result.code).toBe(1)
  })

  it('a named pipe is an error, and reading the folder does not hang on it', async () => {
    const result = await lintAfter((dir) => {
      mkdirSync(join(dir, 'public'))
      execFileSync('mkfifo', [join(dir, 'public/pipe.svg'), join(dir, 'pages/pipe.yaml')])
    })
    expect(result.lines).toEqual([`pages/pipe.yaml:1:1: ${SPECIAL}`, `public/pipe.svg:1:1: ${SPECIAL}`])
    expect(result.code).toBe(1)
  })

  it('links in dot folders and node_modules stay ignored, like everything else there', async () => {
    const result = await lintAfter((dir) => {
      mkdirSync(join(dir, '.github'))
      symlinkSync('/etc/hostname', join(dir, '.github/host'))
      mkdirSync(join(dir, 'node_modules'))
      symlinkSync('/etc', join(dir, 'node_modules/etc'))
    })
    expect(result.lines).toEqual([])
    expect(result.errLines).toEqual(['svc-lint: no problems found'])
    expect(result.code).toBe(0)
  })
})
