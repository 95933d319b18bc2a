import { createError } from 'h3'
import { isDevelopment } from '../server/config/mode'
import type { Config } from '../server/config/schema'
import { useConfig } from '../server/config/use-config'

/** The config in development; in production the route does not exist (404). */
export function requireDevelopment(): Config {
  const config = useConfig()
  if (!isDevelopment(config)) throw createError({ statusCode: 404, statusMessage: 'Page not found' })
  return config
}
