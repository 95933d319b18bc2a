// Build the service once for the whole run; tests start the built bundle,
// exactly as operators run it.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const started = Date.now()
  execFileSync(process.execPath, ['node_modules/nitropack/dist/cli/index.mjs', 'build'], {
    cwd: root,
    stdio: 'pipe',
    env: cleanEnv(),
  })
  process.stdout.write(`[test] built .output in ${((Date.now() - started) / 1000).toFixed(1)} s\n`)
}

/** vitest sets TEST and NODE_ENV=test, which switch Nitro's scheduler off: never pass them on. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(env)) {
    if (key === 'TEST' || key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key]
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key]
    else env[key] = value
  }
  return env
}
