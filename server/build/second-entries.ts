// Entries that ship next to .output/server: the content lint binary, the
// supervisor, the mailer, the demo site and the pinned Node runtime; and the
// preview worker inside it. cedar-wasm stays external because it reads its
// .wasm beside itself; sharp, because it loads its native libvips: the worker
// sits beside the service's entry so it finds the sharp Nitro traced there.
import { chmodSync, cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { copyRuntime } from './runtime'

export async function buildSecondEntries(rootDir: string, outputDir: string, hash: string): Promise<void> {
  const lintDir = join(outputDir, 'lint')
  await bundleEntry(join(rootDir, 'server/lint/cli.ts'), join(lintDir, 'svc-lint.mjs'))
  await bundleEntry(join(rootDir, 'server/supervisor/cli.ts'), join(outputDir, 'supervisor/svc-supervise.mjs'))
  await bundleEntry(join(rootDir, 'server/mail/mailer-cli.ts'), join(outputDir, 'mailer/index.mjs'))
  await bundleEntry(join(rootDir, 'server/files/preview-worker-cli.ts'), join(outputDir, 'server/preview-worker.mjs'))
  // Runs as `svc-lint` straight from the release bundle.
  chmodSync(join(lintDir, 'svc-lint.mjs'), 0o755)
  const cedar = join(rootDir, 'node_modules/@cedar-policy/cedar-wasm')
  const cedarOut = join(lintDir, 'node_modules/@cedar-policy/cedar-wasm')
  mkdirSync(cedarOut, { recursive: true })
  cpSync(join(cedar, 'package.json'), join(cedarOut, 'package.json'))
  cpSync(join(cedar, 'nodejs'), join(cedarOut, 'nodejs'), { recursive: true })
  cpSync(join(rootDir, 'examples/demo'), join(outputDir, 'site'), { recursive: true })
  writeFileSync(join(outputDir, 'hash.txt'), `${hash}\n`)
  copyRuntime(rootDir, outputDir)
}

async function bundleEntry(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: ['@cedar-policy/cedar-wasm', 'sharp'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  })
}
