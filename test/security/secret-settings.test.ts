// Secret settings (tokens, client secrets, signing keys) never leave the
// service: not in the start-up error that refuses them, not to child processes.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { childEnvironment } from '../../server/config/child-env'
import { DEMO, runServerToExit } from '../support/server'

describe('Settings parsed once: a secret value is never printed', () => {
  it('names a refused secret and what it expects, without its value', async () => {
    const { code, output } = await runServerToExit({
      CONTENT_REPO: DEMO,
      AUTOMATION_READ_TOKEN: 'open s3same-9f2c',
      GIT_API_TOKEN: 'tok\nen-77ab',
    })
    expect(code).toBe(1)
    expect(output).toContain(
      '[svc] [config] cannot start: GIT_API_TOKEN: expected one token without spaces or line breaks (the value is ' +
        'secret and not shown)',
    )
    expect(output).toContain(
      '[svc] [config] cannot start: AUTOMATION_READ_TOKEN: expected one token without spaces or line breaks (the ' +
        'value is secret and not shown)',
    )
    expect(output).not.toMatch(/s3same|9f2c|77ab/)
  })
})

describe('the git CLI runs without the service secrets', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('hands git the environment it needs, minus every secret setting', () => {
    for (const name of [
      'GIT_API_TOKEN',
      'OAUTH2_CLIENT_SECRET',
      'CONTENT_WEBHOOK_SECRET',
      'AUTOMATION_READ_TOKEN',
      'MAP_TOKEN',
    ])
      vi.stubEnv(name, `${name}-value`)
    vi.stubEnv('PUBLIC_URL', 'https://site.example')
    const env = childEnvironment({ GIT_TERMINAL_PROMPT: '0' })
    expect(Object.values(env).filter((value) => value?.endsWith('-value'))).toEqual([])
    expect(env).toMatchObject({ PATH: process.env.PATH, PUBLIC_URL: 'https://site.example', GIT_TERMINAL_PROMPT: '0' })
  })
})
