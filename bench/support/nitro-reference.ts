// The ceiling of the stack the service is built on: a bare Nitro app built
// with the project's own nitropack, in a folder of its own, with one catch-all
// route answering the very bytes the service sent for each page, and no
// middleware, no plugins, no storage. It runs as its own process on the same
// runtime as the service, so the two stand side by side in one run.
import { build, copyPublicAssets, createNitro, prepare } from 'nitropack'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startService, type BenchService } from './service'

export interface SamePage {
  readonly body: Buffer
  readonly contentType: string
}

export interface NitroReference {
  /** The URL answering `pages[n]`. */
  url(n: number): string
  stop(): Promise<void>
}

const ROUTE = `import { defineEventHandler, setResponseHeader, createError } from 'h3'
import { pages } from '../pages.mjs'

export default defineEventHandler((event) => {
  const page = pages[event.path]
  if (page === undefined) throw createError({ statusCode: 404 })
  setResponseHeader(event, 'content-type', page.type)
  return page.body
})
`

/** Builds the app answering `pages` (about 10-30 s) and starts it on a loopback port. */
export async function startNitroReference(pages: readonly SamePage[]): Promise<NitroReference> {
  // Inside node_modules, where the build resolves h3 and nitropack's runtime as the service's does.
  const cache = join(process.cwd(), 'node_modules/.cache/svc-bench')
  mkdirSync(cache, { recursive: true })
  const dir = mkdtempSync(join(cache, 'bare-nitro-'))
  let app: BenchService | undefined
  try {
    mkdirSync(join(dir, 'routes'))
    // Plain JavaScript: nitropack's esbuild step leaves files under node_modules untranspiled.
    writeFileSync(join(dir, 'routes/[...].js'), ROUTE)
    const entries = pages.map(
      (page, n) =>
        `  '/${n}': { type: ${JSON.stringify(page.contentType)}, body: Buffer.from('${page.body.toString('base64')}', 'base64') },`,
    )
    writeFileSync(join(dir, 'pages.mjs'), `export const pages = {\n${entries.join('\n')}\n}\n`)
    const nitro = await createNitro({
      rootDir: dir,
      srcDir: dir,
      dev: false,
      preset: 'node-server',
      compatibilityDate: '2025-06-01',
      imports: false,
      logLevel: 1,
      esbuild: { options: { target: 'es2022' } },
    })
    await prepare(nitro)
    await copyPublicAssets(nitro)
    await build(nitro)
    await nitro.close()
    app = await startService({}, join(dir, '.output/server/index.mjs'))
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const started = app
  return {
    url: (n) => `${started.url}/${n}`,
    async stop() {
      await started.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
