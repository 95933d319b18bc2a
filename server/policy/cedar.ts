// cedar-wasm ships three builds. `esm` imports its .wasm as a module, which
// plain Node cannot do, and `web` needs an async init fed with the bytes. The
// `nodejs` build is CommonJS that reads cedar_wasm_bg.wasm from its own
// directory while loading, so it works from an ESM Node module (its
// `exports.x =` names are detected) and from a bundle that keeps the package
// external: the bare specifier is resolved at run time next to the real file.
// Inlined into a bundle, its directory lookup would point at the bundle and
// fail. The module cache makes the wasm instance a single shared one.
import * as cedar from '@cedar-policy/cedar-wasm/nodejs'

export type Cedar = typeof cedar

export function useCedar(): Cedar {
  return cedar
}
