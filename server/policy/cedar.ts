// cedar-wasm ships three builds. `esm` imports its .wasm as a module, which
// plain Node cannot do, and `web` needs an async init fed with the bytes. The
// `nodejs` build is CommonJS that reads cedar_wasm_bg.wasm from its own
// directory while loading, so it works from an ESM Node module (its
// `exports.x =` names are detected) and from a bundle that keeps the package
// external: the bare specifier is resolved at run time next to the real file.
// Inlined into a bundle, its directory lookup would point at the bundle and
// fail. The module cache makes the wasm instance a single shared one.
import * as cedar from '@cedar-policy/cedar-wasm/nodejs'
import { setFlagsFromString } from 'node:v8'

// The V8 of Node 20 and 22 aborts the process ("unreachable code" in
// Deoptimizer::DoComputeBuiltinContinuation) when optimized code that inlined a
// call to a wasm export returning a JS object is deoptimized while that call
// runs, which is every Cedar decision under load. Not inlining JS-to-wasm calls
// removes the frame it cannot rebuild; bench/wasm-deopt.ts reproduces it.
// Harmless on the pinned runtime, which has the fix, and set before any caller
// of Cedar can be optimized.
setFlagsFromString('--no-turbo-inline-js-wasm-calls')

export type Cedar = typeof cedar

export function useCedar(): Cedar {
  return cedar
}
