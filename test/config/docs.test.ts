// README, docs/configuration.md and the config schema name the same variables.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SETTING_NAMES, isSecretSetting } from '../../server/config/schema'
import { ROOT } from '../support/server'

/** The rows of the first table after `heading`, each as its cells. */
function tableAfter(file: string, heading: string): string[][] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const start = text.indexOf(`\n${heading}\n`)
  expect(start, `${file} has no "${heading}" section`).toBeGreaterThanOrEqual(0)
  const lines = text.slice(start).split('\n')
  const first = lines.findIndex((line) => line.startsWith('|'))
  const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'))
  // Skips the header row and the |---| row.
  return lines.slice(first + 2, end).map((line) =>
    line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim()),
  )
}

const namesIn = (cell: string): string[] => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '')

describe('Settings parsed once: docs/configuration.md lists every variable the service reads', () => {
  const rows = tableAfter('docs/configuration.md', '## Variables')

  it('has one row per variable of the schema, and no row the schema does not read', () => {
    const documented = rows.map((cells) => namesIn(cells[0] ?? ''))
    expect(documented.every((names) => names.length === 1)).toBe(true)
    expect(documented.flat().sort()).toEqual([...SETTING_NAMES].sort())
  })

  it('gives each a default, a meaning, and whether it is a secret, as the schema marks it', () => {
    for (const [name, byDefault, meaning, secret] of rows) {
      const variable = namesIn(name ?? '')[0] ?? ''
      expect(byDefault, variable).toBeTruthy()
      expect(meaning, variable).toBeTruthy()
      expect(secret, variable).toBe(isSecretSetting(variable) ? 'yes' : 'no')
    }
  })

  it('marks the tokens and keys as secrets', () => {
    expect(SETTING_NAMES.filter(isSecretSetting).sort()).toEqual([
      'AUTOMATION_READ_TOKEN',
      'BUS_URL',
      'CONTENT_WEBHOOK_SECRET',
      'GIT_API_TOKEN',
      'IDP_API_TOKEN',
      'MAIL_REPLY_SECRET',
      'MAP_TOKEN',
      'OAUTH2_CLIENT_SECRET',
      'SMTP_URL',
      'STORE_ACCESS_KEY',
      'STORE_SECRET_KEY',
    ])
  })
})

describe('Settings parsed once: the README points to docs/configuration.md and names only real variables', () => {
  it('links the full list', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain('[docs/configuration.md](docs/configuration.md)')
  })

  it('keeps a short table whose every name the service reads', () => {
    const names = tableAfter('README.md', '## Running it').flatMap((cells) => namesIn(cells[0] ?? ''))
    expect(names.length).toBeGreaterThan(0)
    expect(names.filter((name) => !SETTING_NAMES.includes(name as (typeof SETTING_NAMES)[number]))).toEqual([])
  })
})
