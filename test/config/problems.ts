// The lines a refused configuration is told in, or a failure when it is taken.
import { ConfigError, parseConfig } from '../../server/config/parse-config'

export function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    parseConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((problem) => problem.line)
    throw error
  }
  throw new Error('the settings were accepted')
}
