// The workflow files read as YAML: each calls the scripts the other tests run
// (SPEC 9.1 to 9.9), puts no expression inside a script, and the lint
// template's pin step fails when the lint pin and the site's release differ.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SVC_DEPLOY } from '../support/deploy-host'
import { ROOT } from '../support/server'
import { readWorkflow, runJob, type Workflow } from '../support/workflow-runner'

const CI = readWorkflow(join(ROOT, '.github/workflows/ci.yml'))
const RELEASE = readWorkflow(join(ROOT, '.github/workflows/release.yml'))
const DEPLOY = readWorkflow(join(ROOT, 'examples/workflows/deploy.yml'))
const LINT = readWorkflow(join(ROOT, 'examples/workflows/lint.yml'))

const scripts = (workflow: Workflow, job: string) => (workflow.jobs[job]?.steps ?? []).flatMap((s) => s.run ?? [])

describe('the workflows', () => {
  it('SPEC 9.1: "Pushes to the main branch only run tests and do not publish": a push to main runs .ci/run and nothing else', () => {
    expect(CI.on).toMatchObject({ push: { branches: ['main'] } })
    expect(Object.keys(CI.jobs)).toEqual(['test'])
    expect(scripts(CI, 'test')).toEqual(['.ci/run'])
    expect(RELEASE.on).toMatchObject({ push: { tags: ['v*'] } })
    expect(RELEASE.on).not.toHaveProperty('push.branches')
  })

  it('SPEC 9.2 and 9.3: a tag packs, checks the packed lint against the pin, and attaches the tarball, its checksum and the notes', () => {
    const publish = scripts(RELEASE, 'publish').join('\n')
    expect(publish).toContain('.ci/pack "${GITHUB_REF_NAME#v}"')
    expect(publish).toContain('.ci/lint-pin tarball "${GITHUB_REF_NAME#v}"')
    expect(publish).toContain('.ci/release-notes "${GITHUB_REF_NAME#v}"')
    expect(publish).toContain('^v[0-9]+\\.[0-9]+\\.[0-9]+$')
    expect(publish).toContain('SVC_SIGNING_KEY="$RUNNER_TEMP/release-key" .ci/pack')
    for (const file of [
      '"dist/svc-$GITHUB_REF_NAME.tar.gz"',
      '"dist/svc-$GITHUB_REF_NAME.tar.gz.sig"',
      '"dist/svc-$GITHUB_REF_NAME.tar.gz.sha256"',
      '"dist/release-notes-$GITHUB_REF_NAME.md"',
    ]) {
      expect(publish).toContain(file)
    }
    const cut = scripts(RELEASE, 'cut').join('\n')
    expect(cut).toContain('SVC_SIGNING_KEY="$RUNNER_TEMP/release-key" .ci/release "$VERSION"')
    expect(cut).toContain('git push origin "HEAD:main" "v$VERSION"')
  })

  it('every script a workflow calls is in the repository and runnable', () => {
    for (const script of ['.ci/run', '.ci/pack', '.ci/release', '.ci/lint-pin', '.ci/release-notes']) {
      accessSync(join(ROOT, script), constants.X_OK)
    }
  })

  it('no script holds a ${{ }} expression: inputs, variables and secrets reach a script only through env', () => {
    for (const workflow of [CI, RELEASE, DEPLOY, LINT]) {
      for (const job of Object.keys(workflow.jobs)) {
        for (const script of scripts(workflow, job)) expect(script).not.toContain('${{')
      }
    }
  })

  it('SPEC 9.5 and 9.6: the deploy template pins SVC_RELEASE, downloads the signature, checks the SHA-256 and runs only the root script through sudo', () => {
    expect(Object.keys(DEPLOY.env ?? {})).toEqual([
      'SVC_RELEASE',
      'INSTANCE',
      'SVC_PORT',
      'SVC_DOMAINS',
      'SVC_RELEASES_URL',
      'SVC_DOWNLOADS',
    ])
    expect(DEPLOY.env?.SVC_DOWNLOADS).toBe('/var/lib/svc/downloads')
    expect(DEPLOY.env?.SVC_RELEASE).toMatch(/^v\d+\.\d+\.\d+$/)
    const deploy = scripts(DEPLOY, 'deploy').join('\n')
    expect(deploy).toContain('sha256sum -c "svc-$SVC_RELEASE.tar.gz.sha256"')
    expect([...deploy.matchAll(/sudo (\S+)/g)].map((m) => m[1])).toEqual(['/usr/local/sbin/svc-deploy'])
    expect(deploy).toContain('"svc-$SVC_RELEASE.tar.gz.sig"')
    expect(deploy).toContain(
      'sudo /usr/local/sbin/svc-deploy "$INSTANCE" "$SVC_RELEASE" "$SVC_DOWNLOADS/$INSTANCE/svc-$SVC_RELEASE.tar.gz"',
    )
  })

  it("every name the deploy sends is on the root script's allow-list, and the allow-list holds only documented settings", () => {
    const source = readFileSync(SVC_DEPLOY, 'utf8')
    const allowed = /allowed=" ([^"]+) "/.exec(source)?.[1]?.split(/\s+/) ?? []
    const documented = [
      ...readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8').matchAll(/^\| `([A-Z0-9_]+)` \|/gm),
    ].map((m) => m[1])
    expect(allowed.length).toBeGreaterThan(20)
    for (const name of allowed) expect(documented).toContain(name)
    for (const name of ['DATA_DIR', 'PORT', 'HOST', 'SVC_MODE', 'DEV_IDP_PORT']) expect(allowed).not.toContain(name)
    const step = DEPLOY.jobs.deploy?.steps.find((s) => s.run?.includes('svc-deploy'))
    const sent =
      /names=\(([A-Z0-9_\s]+)\)/
        .exec(step?.run ?? '')?.[1]
        ?.trim()
        .split(/\s+/) ?? []
    expect(sent).toEqual(Object.keys(step?.env ?? {}))
    for (const name of sent) expect(allowed).toContain(name)
  })
})

describe('issue 27: the deploy step sends the bus files as the root script takes them', () => {
  it('PEM text of several lines goes base64-encoded on one line, the seed as it is, unset names not at all', () => {
    const step = DEPLOY.jobs.deploy?.steps.find((s) => s.run?.includes('svc-deploy'))
    const dir = mkdtempSync(join(tmpdir(), 'svc-deploy-step-'))
    // sudo as a stand-in that keeps what the root script would read.
    writeFileSync(join(dir, 'sudo'), '#!/bin/sh\ncat >"$SENT"\n', { mode: 0o755 })
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\nAbCd==\n-----END CERTIFICATE-----'
    const seed = `SU${'A'.repeat(56)}`
    // The runner sets every name of the step's env, empty when its variable or secret is unset.
    const names = Object.fromEntries(Object.keys(step?.env ?? {}).map((name) => [name, '']))
    execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step?.run ?? ''], {
      env: {
        ...names,
        PATH: `${dir}:${process.env.PATH ?? ''}`,
        SENT: join(dir, 'sent'),
        INSTANCE: 'demo',
        SVC_RELEASE: 'v1.0.0',
        SVC_DOWNLOADS: dir,
        SVC_PORT: '3100',
        SVC_DOMAINS: 'a.example.org',
        CONTENT_REPO: 'acme/site',
        BUS_REPLICAS: '3',
        BUS_TLS_CA: pem,
        BUS_NKEY_SEED: seed,
      },
    })
    const sent = readFileSync(join(dir, 'sent'), 'utf8').trim().split('\n')
    expect(sent.map((line) => line.slice(0, line.indexOf('=')))).toEqual([
      'CONTENT_REPO',
      'BUS_REPLICAS',
      'BUS_TLS_CA',
      'BUS_NKEY_SEED',
      'PORT',
      'DOMAINS',
    ])
    const ca = sent.find((line) => line.startsWith('BUS_TLS_CA='))?.slice('BUS_TLS_CA='.length) ?? ''
    expect(ca).toMatch(/^[A-Za-z0-9+/]+=*$/)
    expect(Buffer.from(ca, 'base64').toString()).toBe(`${pem}\n`)
    expect(sent).toContain(`BUS_NKEY_SEED=${seed}`)
  })
})

describe('SPEC 9.8: "The lint workflow\'s lint release pin equals the site\'s SVC_RELEASE"', () => {
  function contentRepo(release: string): string {
    const dir = mkdtempSync(join(tmpdir(), 'svc-content-'))
    mkdirSync(join(dir, '.github/workflows'), { recursive: true })
    const deploy = readFileSync(join(ROOT, 'examples/workflows/deploy.yml'), 'utf8')
    writeFileSync(
      join(dir, '.github/workflows/deploy.yml'),
      deploy.replace(/^ {2}SVC_RELEASE: .*$/m, `  SVC_RELEASE: ${release}`),
    )
    copyFileSync(join(ROOT, 'examples/workflows/lint.yml'), join(dir, '.github/workflows/lint.yml'))
    return dir
  }
  const pinStep: Workflow = {
    ...LINT,
    jobs: {
      lint: {
        steps: (LINT.jobs.lint?.steps ?? []).filter((s) => s.name === "The lint pin equals the site's SVC_RELEASE"),
      },
    },
  }
  const context = { vars: {}, secrets: {}, repository: 'acme/site' }

  it('the templates ship pinned alike', () => {
    expect(LINT.env?.SVC_LINT_RELEASE).toBe(DEPLOY.env?.SVC_RELEASE)
    expect(pinStep.jobs.lint?.steps).toHaveLength(1)
    expect(scripts(LINT, 'lint').join('\n')).toContain('lint/svc-lint.mjs" . --format github')
  })

  it('the pin step passes when the pins are equal', async () => {
    const runs = await runJob(pinStep, 'lint', context, contentRepo(LINT.env?.SVC_LINT_RELEASE ?? ''))
    expect(runs.map((r) => r.code)).toEqual([0])
  })

  for (const release of ['v9.9.9', "'v0.1.0'"]) {
    it(`the pin step fails, saying why, when the site pins ${release}`, async () => {
      const runs = await runJob(pinStep, 'lint', context, contentRepo(release))
      expect(runs.map((r) => r.code)).toEqual([1])
      expect(runs[0]?.output).toContain(
        `::error file=.github/workflows/lint.yml::SVC_LINT_RELEASE is ${LINT.env?.SVC_LINT_RELEASE} but deploy.yml pins SVC_RELEASE ${release.replace(/'/g, '')}`,
      )
    })
  }
})
