import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { defineNitroConfig } from 'nitropack/config'
import { writePkgAssets } from './server/build/pkg-assets'
import { buildSecondEntries } from './server/build/second-entries'
import { setTimes, sourceDate } from './server/build/source-date'
import { reproducibleBundle } from './server/build/reproducible-bundle'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkgDir = `${root}.nitro/pkg`
const assets = writePkgAssets(`${root}server/render/assets`, pkgDir, {
  'leaflet.js': `${root}node_modules/leaflet/dist/leaflet.js`,
  'leaflet.css': `${root}node_modules/leaflet/dist/leaflet.css`,
})

export default defineNitroConfig({
  compatibilityDate: '2025-06-01',
  preset: 'node-server',
  // The pinned runtime is Node 24: BigInt literals and the rest of ES2022 need no lowering.
  esbuild: { options: { target: 'es2022' } },
  srcDir: '.',
  // server/ is plain TypeScript with explicit imports so tools can share it.
  imports: false,
  handlers: [
    // Lazy: built on the first request, once the config plugin has checked its settings.
    { middleware: true, lazy: true, handler: './server/nitro/rate-limit.ts' },
    { middleware: true, handler: './server/nitro/head-as-get.ts' },
    // After the rate limit, so an over-limit request never loads a session.
    { middleware: true, handler: './server/nitro/session.ts' },
  ],
  // In start order (docs/architecture.md, "Start order"): the config first, so a
  // bad setting stops the process before anything connects.
  plugins: [
    './server/nitro/config-plugin.ts',
    './server/nitro/store-plugin.ts',
    './server/nitro/start-line-plugin.ts',
    './server/nitro/listen-plugin.ts',
    './server/nitro/log-stream-plugin.ts',
    './server/nitro/visitor-count-plugin.ts',
    './server/nitro/bus-plugin.ts',
    './server/nitro/content-plugin.ts',
    './server/nitro/sign-in-plugin.ts',
    './server/nitro/storage-plugin.ts',
    './server/nitro/form-secret-plugin.ts',
    './server/nitro/access-plugin.ts',
    './server/nitro/records-plugin.ts',
    './server/nitro/mailer-plugin.ts',
    './server/nitro/people-setup-plugin.ts',
    './server/nitro/suggestions-plugin.ts',
    './server/nitro/fast-pages-plugin.ts',
    './server/nitro/fast-filing-plugin.ts',
    // Last: it times every request, the fast path's included.
    './server/nitro/metrics-plugin.ts',
  ],
  errorHandler: './server/nitro/error-handler.ts',
  // The service no longer loads sharp itself; its preview worker, bundled beside the entry, finds it traced here.
  externals: { traceInclude: [createRequire(import.meta.url).resolve('sharp')] },
  experimental: { tasks: true },
  // Timed moves and retention count in days; a minute's granularity is plenty and cheap.
  // The people set-up retries a minute apart (SPEC 8, Retry gap).
  scheduledTasks: {
    '* * * * *': ['records:timed-moves', 'records:retention', 'people:setup', 'people:invite-sweep'],
    '17 * * * *': ['files:sweep'],
  },
  // Only a file that exists is answered here, before the rate limit; any other
  // /pkg path falls through to the counted routes (SPEC 8: only the files the
  // page is made of go uncounted).
  publicAssets: [{ baseURL: '/pkg', dir: pkgDir, fallthrough: true }],
  // Nitro sets no cache header on a fallthrough folder, so each hashed file,
  // whose name changes with its bytes, is marked cacheable forever by itself.
  routeRules: Object.fromEntries(
    Object.values(assets.manifest).map((url) => [
      url,
      { headers: { 'cache-control': 'public, max-age=31536000, immutable' } },
    ]),
  ),
  virtual: {
    '#pkg-manifest': `export default ${JSON.stringify(assets.manifest)}`,
  },
  hooks: {
    // A release is the same bytes wherever and whenever it is built
    // (docs/releasing.md): public files dated by the commit before Nitro lists
    // their mtimes, and the bundle's other build-bound parts made stable.
    'rollup:before'(nitro, config) {
      setTimes(nitro.options.output.publicDir, sourceDate(root))
      const plugins = Array.isArray(config.plugins) ? config.plugins : []
      config.plugins = [...plugins, reproducibleBundle()]
    },
    async compiled(nitro) {
      await buildSecondEntries(root, nitro.options.output.dir, assets.hash)
    },
  },
})
