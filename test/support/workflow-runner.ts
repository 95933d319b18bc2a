// Runs the `run:` steps of a GitHub Actions workflow file here, as the runner
// would: workflow env, then step env, with `${{ vars.X }}`, `${{ secrets.X }}`
// and `${{ github.repository }}` filled in from the context given, each script
// under `bash --noprofile --norc -eo pipefail`. `uses:` steps are skipped.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { cleanEnv } from './global-setup'

export interface Step {
  readonly name?: string
  readonly run?: string
  readonly uses?: string
  readonly env?: Record<string, string>
}
export interface Workflow {
  readonly on: unknown
  readonly env?: Record<string, string>
  readonly jobs: Record<string, { readonly steps: Step[]; readonly env?: Record<string, string> }>
}

export function readWorkflow(path: string): Workflow {
  return parse(readFileSync(path, 'utf8')) as Workflow
}

export interface WorkflowContext {
  readonly vars: Record<string, string>
  readonly secrets: Record<string, string>
  readonly repository: string
  /** Added to the environment of every step (PATH, test overrides). */
  readonly env?: Record<string, string>
}

export interface StepRun {
  readonly step: string
  readonly code: number | null
  readonly output: string
}

/** Fills in the expressions the templates use; any other expression is an error. */
export function expand(value: string, context: WorkflowContext): string {
  return String(value).replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, expression: string) => {
    const [scope, name = ''] = expression.split('.')
    if (scope === 'vars') return context.vars[name] ?? ''
    if (scope === 'secrets') return context.secrets[name] ?? ''
    if (expression === 'github.repository') return context.repository
    throw new Error(`no value for \${{ ${expression} }}`)
  })
}

/** Runs the job's steps in order; stops at the first that fails. */
export async function runJob(
  workflow: Workflow,
  job: string,
  context: WorkflowContext,
  workspace: string,
): Promise<StepRun[]> {
  const temp = mkdtempSync(join(tmpdir(), 'svc-runner-'))
  const runs: StepRun[] = []
  for (const step of workflow.jobs[job]?.steps ?? []) {
    if (step.run === undefined) continue
    const env: Record<string, string> = {
      ...context.env,
      RUNNER_TEMP: temp,
      GITHUB_REPOSITORY: context.repository,
      GITHUB_STEP_SUMMARY: join(temp, 'summary.md'),
    }
    for (const [key, value] of Object.entries({ ...workflow.env, ...workflow.jobs[job]?.env, ...step.env })) {
      env[key] = expand(value, context)
    }
    // Not spawnSync: the test's own servers (a git host, say) must keep answering.
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: workspace,
      env: cleanEnv(env),
    })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    runs.push({ step: step.name ?? step.run, code, output })
    if (code !== 0) break
  }
  return runs
}
