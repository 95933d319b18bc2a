// The pure tier (`npm run test:unit`): every test file that starts no server,
// no bus, no browser and no process, so it needs no build and runs in seconds.
// Which files those are is read from the files themselves, so a test that
// starts to need a server leaves the tier by itself.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { defineConfig } from 'vitest/config'

const root = new URL('..', import.meta.url).pathname
const NEEDS_MORE =
  /support\/(server|nats-server|browser|smtp-server|s3-server|scim-server|deploy-host|workflow-runner|tile-server|git-host-api|demo-site|fast-clock)'|-world'|dev-site'|test-idp'|service-with-idp'|node:child_process|\.output|createNatsBus|startNats/

function pureTests(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !NEEDS_MORE.test(readFileSync(join(root, file), 'utf8')))
}

export default defineConfig({
  test: {
    root,
    include: [...pureTests('test'), ...pureTests('server')],
    testTimeout: 30_000,
  },
})
