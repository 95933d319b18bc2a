// The commands the README, the demo's README and the docs tell people to run
// are scripts package.json has: a command that does not exist is the first
// thing a new user meets.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/server'

const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts)
const documents = ['README.md', 'examples/demo/README.md', ...readdirSync(join(ROOT, 'docs')).map((f) => `docs/${f}`)]

describe('the commands the documentation gives', () => {
  it('every `npm run <script>` in README.md, examples/demo/README.md and docs/ is a script of package.json', () => {
    const named = documents.flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => ({ file, script })),
    )
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter(({ script }) => !scripts.includes(script ?? ''))).toEqual([])
  })
})
