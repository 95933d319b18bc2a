// Runs a TypeScript bench: `node bench/run.mjs policy` bundles bench/policy.ts
// with esbuild and runs the bundle. Node 20 cannot run TypeScript itself.
// Packages stay external, so the bundle is written inside node_modules where
// they resolve (cedar-wasm reads its .wasm beside its own file).
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
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
// the working directory, as import.meta.url names the bundle.
const run = spawnSync(process.execPath, [outfile], { cwd: root, stdio: 'inherit' })
process.exit(run.status ?? 1)
