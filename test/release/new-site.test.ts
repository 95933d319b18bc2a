// docs/new-site.md followed once (SPEC 9.9): a second site set up from the
// first site's deploy workflow with only the listed changes, deployed by the
// workflow's own steps through the root script, both sites serving after.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createDeployHost, packFromOutput, SVC_DEPLOY, type DeployHost } from '../support/deploy-host'
import { hostedFiles, startGitHostApi, type GitHostApi } from '../support/git-host-api'
import { DEMO, freePort, ROOT } from '../support/server'
import { runJob, type Workflow, type WorkflowContext } from '../support/workflow-runner'

vi.setConfig({ testTimeout: 120_000 })

const TEMPLATE = readFileSync(join(ROOT, 'examples/workflows/deploy.yml'), 'utf8')
const DOC = readFileSync(join(ROOT, 'docs/new-site.md'), 'utf8')

/** The backticked names on the list item that starts with `lead`. */
function listed(lead: string): string[] {
  const start = DOC.indexOf(lead)
  const rest = DOC.slice(start)
  const item = rest.slice(0, Math.min(rest.indexOf('\n\n'), rest.search(/\n\d+\. /)))
  return [...item.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? '')
}

/** The workflow with one `env:` value set, the rest of its text as it was. */
function withEnv(text: string, key: string, value: string): string {
  const line = new RegExp(`^  ${key}: .*$`, 'm')
  expect(text).toMatch(line)
  return text.replace(line, `  ${key}: '${value}'`)
}

let host: DeployHost
let work: string
const sites: { port: number; api: GitHostApi; workflow: string; context: WorkflowContext }[] = []

beforeAll(async () => {
  const tarball = await packFromOutput('0.0.1')
  host = createDeployHost()
  work = mkdtempSync(join(tmpdir(), 'svc-new-site-'))
  // The release as the git host serves it: <base>/<tag>/<file>.
  mkdirSync(join(work, 'download/v0.0.1'), { recursive: true })
  symlinkSync(tarball, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz'))
  symlinkSync(`${tarball}.sha256`, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz.sha256'))
  symlinkSync(`${tarball}.sig`, join(work, 'download/v0.0.1/svc-v0.0.1.tar.gz.sig'))
  // sudo as the runner's sudoers entry allows it: the one root script, nothing else.
  mkdirSync(join(work, 'bin'))
  writeFileSync(
    join(work, 'bin/sudo'),
    `#!/bin/sh\n[ "$1" = /usr/local/sbin/svc-deploy ] || { echo "sudo: $1 is not allowed" >&2; exit 1; }\nshift\nexec "${SVC_DEPLOY}" "$@"\n`,
  )
  chmodSync(join(work, 'bin/sudo'), 0o755)

  // The first site: the template, pinned and pointed at this host's instance.
  let first = withEnv(TEMPLATE, 'SVC_RELEASE', 'v0.0.1')
  first = withEnv(first, 'SVC_RELEASES_URL', `file://${work}/download`)
  first = withEnv(first, 'SVC_DOWNLOADS', host.downloads)
  const firstPort = await freePort()
  first = withEnv(withEnv(first, 'INSTANCE', 'demo'), 'SVC_PORT', String(firstPort))
  first = withEnv(first, 'SVC_DOMAINS', 'demo.example.org')
  // The second: the first's copy with only the changes docs/new-site.md lists.
  const secondPort = await freePort()
  let second = withEnv(first, 'INSTANCE', 'street')
  second = withEnv(second, 'SVC_PORT', String(secondPort))
  second = withEnv(second, 'SVC_DOMAINS', 'street.example.org www.street.example.org')
  host.addInstance('demo', firstPort, 'demo.example.org')
  host.addInstance('street', secondPort, 'street.example.org', 'www.street.example.org')

  for (const [name, port, workflow] of [
    ['demo', firstPort, first],
    ['street', secondPort, second],
  ] as const) {
    const token = `token-of-${name}`
    const api = await startGitHostApi(`acme/${name}-content`, token)
    api.push(hostedFiles(DEMO))
    sites.push({
      port,
      api,
      workflow,
      context: {
        repository: `acme/${name}-content`,
        vars: {
          IDP_URL: 'http://127.0.0.1:9/idp',
          OAUTH2_CLIENT_ID: `${name}-client`,
          PUBLIC_URL: `https://${name}.example.org`,
          SITE_NAME: `The ${name} site`,
          GIT_API_URL: api.url,
        },
        // BUS_URL left empty: each instance on its own embedded bus here.
        secrets: { BUS_URL: '', OAUTH2_CLIENT_SECRET: `${name}-secret`, SVC_GIT_API_TOKEN: token },
        env: { ...host.env, PATH: `${join(work, 'bin')}:${process.env.PATH ?? ''}` },
      },
    })
  }
}, 240_000)

afterAll(async () => {
  host.stop()
  rmSync(work, { recursive: true, force: true })
  await Promise.all(sites.map((site) => site.api.close()))
})

describe('SPEC 9.9: "A new site needs: a content repository with a copy of an existing deploy workflow (changing INSTANCE, the port and the domains)"', () => {
  it('the second workflow differs from the first only in the env values docs/new-site.md lists', () => {
    const [a, b] = sites.map((site) => parse(site.workflow) as Workflow)
    const changed = Object.keys(a?.env ?? {}).filter((key) => a?.env?.[key] !== b?.env?.[key])
    expect(changed).toEqual(listed('exactly three values'))
    expect(changed).toEqual(['INSTANCE', 'SVC_PORT', 'SVC_DOMAINS'])
    expect({ ...a, env: undefined }).toEqual({ ...b, env: undefined })
  })

  it('the variables and secrets docs/new-site.md lists are the ones the workflow reads, the token under its own name', () => {
    const vars = [...TEMPLATE.matchAll(/\$\{\{ vars\.(\w+) \}\}/g)].map((m) => m[1])
    const secrets = [...TEMPLATE.matchAll(/\$\{\{ secrets\.(\w+) \}\}/g)].map((m) => m[1])
    // Every setting of a full site: the table names each, as a variable or a secret.
    const table = (kind: string) => [...DOC.matchAll(new RegExp(`^\\| \`(\\w+)\` \\| ${kind} \\|`, 'gm'))].map((m) => m[1])
    expect(table('variable').sort()).toEqual([...vars].sort())
    expect(table('secret').sort()).toEqual([...secrets].sort())
    for (const name of ['SMTP_URL', 'MAIL_REPLY_SECRET', 'STORE_ACCESS_KEY', 'STORE_SECRET_KEY', 'MAP_TOKEN']) {
      expect(table('secret')).toContain(name)
    }
    for (const name of ['MAIL_FROM', 'MAIL_REPLY_ADDRESS', 'MAIL_INBOUND_PORT', 'STORE_S3_ENDPOINT', 'MAILER_METRICS_PORT']) {
      expect(table('variable')).toContain(name)
    }
    expect(listed('**Actions variables**')).toEqual(['IDP_URL', 'OAUTH2_CLIENT_ID', 'PUBLIC_URL', 'SITE_NAME'])
    expect(listed('**Actions secrets**')).toEqual([
      'BUS_URL',
      'OAUTH2_CLIENT_SECRET',
      'SVC_GIT_API_TOKEN',
      'GIT_API_TOKEN',
      'GITHUB_',
    ])
    // SPEC 9.9's come first; the rest of a full site after.
    expect(vars.slice(0, 4)).toEqual(listed('**Actions variables**'))
    expect(secrets.slice(0, 3)).toEqual(['BUS_URL', 'OAUTH2_CLIENT_SECRET', 'SVC_GIT_API_TOKEN'])
    expect(TEMPLATE).toContain('GIT_API_TOKEN: ${{ secrets.SVC_GIT_API_TOKEN }}')
    expect(DOC).toContain('An OAuth2 client')
    expect(DOC).toContain('**DNS**')
  })

  it('the first site deploys from its workflow and serves', async () => {
    const [site] = sites
    if (!site) throw new Error('no site')
    const runs = await runJob(parse(site.workflow) as Workflow, 'deploy', site.context, work)
    expect(runs.map((r) => [r.code, r.code === 0 ? '' : r.output])).toEqual(runs.map(() => [0, '']))
    expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200)
  })

  it('the second site deploys from its copy, with no change to the service, and both serve', async () => {
    const [first, second] = sites
    if (!first || !second) throw new Error('no site')
    const runs = await runJob(parse(second.workflow) as Workflow, 'deploy', second.context, work)
    expect(runs.map((r) => [r.code, r.code === 0 ? '' : r.output])).toEqual(runs.map(() => [0, '']))
    expect(runs.at(-1)?.step).toBe('The row for the Sites table')
    for (const site of [first, second]) {
      expect((await fetch(`http://127.0.0.1:${site.port}/readyz`)).status).toBe(200)
      expect((await fetch(`http://127.0.0.1:${site.port}/`)).status).toBe(200)
    }
    expect(host.current('demo')).toBe('releases/v0.0.1')
    expect(host.current('street')).toBe('releases/v0.0.1')
    const env = readFileSync(join(host.root, 'street/env'), 'utf8')
    expect(env).toContain('CONTENT_REPO=acme/street-content\n')
    expect(env).toContain('GIT_API_TOKEN=token-of-street\n')
    expect(env).toContain('OAUTH2_CLIENT_SECRET=street-secret\n')
    expect(env).toContain('SITE_NAME=The street site\n')
    expect(env).not.toContain('SVC_GIT_API_TOKEN')
    expect(env).not.toContain('BUS_URL')
    expect(readFileSync(join(host.dir, 'etc/caddy/street.caddy'), 'utf8')).toContain(
      `street.example.org, www.street.example.org {\n\treverse_proxy 127.0.0.1:${second.port}\n}`,
    )
  })

  it('a copy whose port is not the one on the host list is refused', async () => {
    const [, second] = sites
    if (!second) throw new Error('no site')
    const wrong = withEnv(second.workflow, 'SVC_PORT', '1')
    const runs = await runJob(parse(wrong) as Workflow, 'deploy', second.context, work)
    expect(runs.at(-1)?.code).toBe(2)
    expect(runs.at(-1)?.output).toContain('env PORT=1 but')
  })
})
