// Issue 28, dashboards and alerts: examples/monitoring's rules, their unit
// tests and the dashboard name only metrics the built service and mailer
// serve; promtool checks the rules and runs their tests too where Debian's
// prometheus package is installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { waitFor } from '../bus/wait'
import { cleanEnv } from '../support/global-setup'
import { startNatsServer, type NatsServer } from '../support/nats-server'
import { ROOT, startServer, type RunningServer } from '../support/server'
import { metricNamesOf, metricsUrlIn } from './scrape'

const DIR = join(ROOT, 'examples/monitoring')

interface Rule {
  readonly alert: string
  readonly expr: string
  readonly for?: string
}

let nats: NatsServer
let service: RunningServer
let mailer: ChildProcess
let mailerOutput = ''
/** Every metric the service or the mailer declares, by job. */
const served = new Map<string, Set<string>>()

beforeAll(async () => {
  nats = await startNatsServer()
  service = await startServer({ BUS_URL: nats.url, METRICS_PORT: '0' })
  mailer = spawn(process.execPath, [join(ROOT, '.output/mailer/index.mjs')], {
    // Nothing is sent: an SMTP server that is never asked needs no listener.
    env: cleanEnv({
      BUS_URL: nats.url,
      SMTP_URL: 'smtp://127.0.0.1:9',
      MAIL_FROM: 'site@example.org',
      MAILER_METRICS_PORT: '0',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [mailer.stdout, mailer.stderr])
    stream?.on('data', (chunk: Buffer) => (mailerOutput += chunk.toString()))
  await waitFor(() => metricsUrlIn(mailerOutput) !== null && metricsUrlIn(service.output()) !== null, 15_000, 'both')
  for (const [job, url] of [
    ['svc', metricsUrlIn(service.output())!],
    ['svc-mailer', metricsUrlIn(mailerOutput)!],
  ] as const)
    served.set(job, metricNamesOf(await (await fetch(url)).text()))
})
afterAll(async () => {
  mailer?.kill('SIGKILL')
  await service?.stop()
  await nats?.stop()
})

/** The metrics a PromQL expression names (ours and the process metrics), a histogram's series as the histogram. */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\b(?:svc|process|nodejs)_[a-z0-9_]+/g)].map(([name]) =>
    servedAnywhere(name) ? name : name.replace(/_(bucket|sum|count)$/, ''),
  )
}
const servedAnywhere = (name: string) => [...served.values()].some((names) => names.has(name))

const rules = (): Rule[] =>
  (parse(readFileSync(join(DIR, 'alerts.yml'), 'utf8')) as { groups: { rules: Rule[] }[] }).groups.flatMap(
    (group) => group.rules,
  )

describe('examples/monitoring', () => {
  it(
    'alerts on an instance or the mailer down, the index behind 2 minutes, mail failing or pending growing ' +
      '10 minutes, the bus and content reloads',
    () => {
      const byName = new Map(rules().map((rule) => [rule.alert, rule]))
      expect([...byName.keys()].sort()).toEqual([
        'SvcBusDisconnected',
        'SvcContentReloadFailing',
        'SvcIndexBehind',
        'SvcInstanceDown',
        'SvcMailFailing',
        'SvcMailPendingGrowing',
        'SvcMailerDown',
      ])
      expect(byName.get('SvcInstanceDown')?.expr).toContain('up{job="svc"}')
      expect(byName.get('SvcMailerDown')?.expr).toContain('up{job="svc-mailer"}')
      expect(byName.get('SvcIndexBehind')).toMatchObject({
        expr: expect.stringContaining('svc_index_behind_events'),
        for: '2m',
      })
      expect(byName.get('SvcMailFailing')?.for).toBe('10m')
      expect(byName.get('SvcMailPendingGrowing')).toMatchObject({
        expr: expect.stringContaining('svc_mail_pending'),
        for: '10m',
      })
    },
  )

  it('every metric a rule names is served by the service or the mailer', () => {
    const named = rules().flatMap((rule) => metricsIn(rule.expr))
    expect(named.length).toBeGreaterThan(5)
    expect(named.filter((name) => !servedAnywhere(name))).toEqual([])
  })

  it('every metric the dashboard shows is served, and each issue 28 names is on it', () => {
    const dashboard = JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[]
    }
    const named = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricsIn(target.expr)))
    expect(named.filter((name) => !servedAnywhere(name))).toEqual([])
    const ours = [...served.values()].flatMap((names) => [...names].filter((name) => name.startsWith('svc_')))
    expect(ours.filter((name) => !named.includes(name))).toEqual([])
  })

  it('scrapes both jobs the rules tell apart, with the rules as its rule file', () => {
    const config = parse(readFileSync(join(DIR, 'prometheus.yml'), 'utf8')) as {
      rule_files: string[]
      scrape_configs: { job_name: string }[]
    }
    expect(config.rule_files).toEqual(['alerts.yml'])
    expect(config.scrape_configs.map((scrape) => scrape.job_name)).toEqual(['svc', 'svc-mailer'])
  })

  it("the rules' unit tests feed only series the service or the mailer serves", () => {
    const tests = parse(readFileSync(join(DIR, 'alerts.test.yml'), 'utf8')) as {
      tests: { input_series: { series: string }[] }[]
    }
    const named = tests.tests.flatMap((test) => test.input_series.flatMap((input) => metricsIn(input.series)))
    expect(named.filter((name) => !servedAnywhere(name))).toEqual([])
  })

  it('passes promtool check rules and its unit tests, where promtool is installed', () => {
    const found = spawnSync('promtool', ['--version'], { encoding: 'utf8' })
    if (found.error !== undefined) {
      console.log('[svc] [test] promtool is not installed: the rules were checked as YAML only')
      return
    }
    for (const args of [
      ['check', 'rules', 'alerts.yml'],
      ['test', 'rules', 'alerts.test.yml'],
    ]) {
      const checked = spawnSync('promtool', args, { cwd: DIR, encoding: 'utf8' })
      expect(checked.status, checked.stdout + checked.stderr).toBe(0)
    }
  })
})
