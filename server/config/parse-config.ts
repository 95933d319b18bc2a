// Settings in, a frozen typed config out, or every bad variable named at once.
import type { ConfigProblem } from './config-problem'
import { metricsProblems } from './metrics-settings'
import { problemsBetween } from './settings-together'
import { configSchema, isSecretSetting, type Config } from './schema'

/** Every refused variable, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(problems.map((problem) => `[svc] [config] ${problem.line}`).join('\n'))
    this.name = 'ConfigError'
  }
}

// Long enough to see a typo, short enough to keep the line one line.
const SHOWN_CHARACTERS = 60

export function parseConfig(env: Readonly<Record<string, string | undefined>>): Config {
  const parsed = configSchema.safeParse(env)
  if (parsed.success) {
    const between = [...problemsBetween(parsed.data), ...metricsProblems(parsed.data)]
    if (between.length > 0) throw new ConfigError(between)
    return Object.freeze(parsed.data)
  }
  const problems = new Map<string, ConfigProblem>()
  for (const issue of parsed.error.issues) {
    const variable = String(issue.path[0])
    if (!problems.has(variable))
      problems.set(variable, {
        variable,
        line: `${variable}: expected ${issue.message}${describeValue(variable, env[variable])}`,
      })
  }
  throw new ConfigError([...problems.values()])
}

function describeValue(name: string, value: string | undefined): string {
  if (isSecretSetting(name)) return ' (the value is secret and not shown)'
  const text = value ?? ''
  return `, got ${JSON.stringify(text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text)}`
}
