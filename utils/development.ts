import { isDevelopment } from '../server/config/mode'
import type { Config } from '../server/config/schema'
import { useConfig } from '../server/config/use-config'
import { said } from '../server/messages/said'
import { createSaidError } from './said-error'

/** The config in development; in production the route does not exist (404). */
export function requireDevelopment(): Config {
  const config = useConfig()
  if (!isDevelopment(config)) throw createSaidError(404, said('error.not-found'))
  return config
}
