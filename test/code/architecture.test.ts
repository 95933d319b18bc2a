// Request assembly at the edge: h3-bound code lives in utils/ and routes/, and
// the domain in server/ never reaches back into them (but the Nitro glue).
// Imports point down: the records core knows nothing of what consumes it,
// and no files import each other round a circle.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/server'
import { importCircles, importGraph } from './import-graph'

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
}

describe('Request assembly at the edge', () => {
  it('no file of server/ but server/nitro/ imports utils/ or routes/', () => {
    const reaching = sourceFiles('server')
      .filter((file) => !file.startsWith('server/nitro/'))
      .filter((file) => /from '(\.\.\/)+(utils|routes)\//.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(reaching).toEqual([])
  })

  it('no file of server/ but server/nitro/ imports h3: the domain is plain TypeScript the lint and mailer load', () => {
    const bound = sourceFiles('server')
      .filter((file) => !file.startsWith('server/nitro/'))
      .filter((file) => /from 'h3'/.test(readFileSync(join(ROOT, file), 'utf8')))
    expect(bound).toEqual([])
  })

  it('the header reads no content or policy of its own: it is asked of what the request carries', () => {
    const viewer = readFileSync(join(ROOT, 'utils/viewer.ts'), 'utf8')
    expect(viewer).not.toMatch(/useContent|createPolicyEngine|usePolicy/)
  })
})

describe('Lines a reader can take in', () => {
  it('no line over 140 characters in server/, utils/, routes/ or tasks/', () => {
    const long = ['server', 'utils', 'routes', 'tasks'].flatMap(sourceFiles).flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (line.length > 140 ? [`${file}:${index + 1}`] : [])),
    )
    expect(long).toEqual([])
  })
})

// Where English is meant: the catalogue, the development-only screens, the
// lint (an author's tool), Prometheus help and log lines for operators.
const ENGLISH_ALLOWED =
  /^server\/(messages|lint|metrics|sign-in\/dev-idp)\/|^server\/render\/outbox\.ts$|^routes\/dev\//
// A capitalised phrase of three or more words, or one between tags, in a string or template.
const PHRASE = /(['`"]|>)[A-Z][a-z']+( [a-zA-Z,'’]+){2,}|>[A-Z][a-z]+ [a-z]+[^<]*</
const NOT_FOR_READERS = /\[svc\]|log\(|Error\(|^\s*(\/\/|\*|\/\*\*)|description:/

describe('Every word a person reads has one home', () => {
  it('no English phrase in server/, utils/ or routes/ outside the catalogue and the development-only screens', () => {
    const english = ['server', 'utils', 'routes']
      .flatMap(sourceFiles)
      .filter((file) => !ENGLISH_ALLOWED.test(file))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, index) => (PHRASE.test(line) && !NOT_FOR_READERS.test(line) ? [`${file}:${index + 1}`] : [])),
      )
    expect(english).toEqual([])
  })

  it('the check finds a phrase when there is one', () => {
    expect(PHRASE.test("return 'Write the message before sending it.'")).toBe(true)
    expect(PHRASE.test('html`<p>No suggestions yet.</p>`')).toBe(true)
  })
})

describe('Imports point down', () => {
  it('server/records/ imports nothing from mail/, people/, visitor/, render/, effects/ or app/: its effects are handed in', () => {
    const graph = importGraph(ROOT, ['server/records'])
    const upward = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => /^server\/(mail|people|visitor|render|effects|app)\//.test(target))
        .map((t) => `${file} -> ${t}`),
    )
    expect(upward).toEqual([])
  })

  it('no import circle in server/, utils/ or routes/', () => {
    expect(importCircles(importGraph(ROOT, ['server', 'utils', 'routes']))).toEqual([])
  })

  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })
})
