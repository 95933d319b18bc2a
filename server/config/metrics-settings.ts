// METRICS_* settings that cannot go together with the ports they would share:
// metrics are never served on the public port, nor on the mailer's others.
import type { ConfigProblem } from './config-problem'
import type { Config } from './schema'

export function metricsProblems(config: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = []
  // 0 binds any free port, so two zeros never meet.
  if (config.METRICS_PORT !== undefined && config.METRICS_PORT !== 0 && config.METRICS_PORT === config.PORT)
    problems.push({
      variable: 'METRICS_PORT',
      line: `METRICS_PORT: ${config.METRICS_PORT} is PORT too: metrics have a listener of their own, never the public port`,
    })
  const mailer = config.MAILER_METRICS_PORT
  if (mailer !== undefined && mailer !== 0)
    for (const name of ['MAILER_PORT', 'MAIL_INBOUND_PORT'] as const)
      if (config[name] === mailer)
        problems.push({
          variable: 'MAILER_METRICS_PORT',
          line: `MAILER_METRICS_PORT: ${mailer} is ${name} too: the mailer's metrics have a listener of their own`,
        })
  return problems
}
