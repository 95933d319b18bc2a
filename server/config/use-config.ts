// The service's settings: read from the environment once, then shared frozen.
// The service reads process.env only here and in child-env.ts (test/config keeps it so).
import { parseConfig } from './parse-config'
import type { Config } from './schema'

let config: Config | undefined

/** Throws ConfigError naming every bad variable; the config plugin stops the start on it. */
export function useConfig(): Config {
  config ??= parseConfig(process.env)
  return config
}
